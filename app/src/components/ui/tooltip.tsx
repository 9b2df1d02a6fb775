import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { UI } from '@common/limits';

/**
 * A tooltip with the app's delays. It carries its own provider, so the tooltip code (Radix and its
 * positioning engine) loads with the pages that show one instead of with every page.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={UI.tooltipDelayMs} skipDelayDuration={UI.tooltipSkipDelayMs}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            sideOffset={6}
            className="z-50 rounded-md border border-night-600 bg-night-800 px-3 py-1.5 text-xs text-slate-100 shadow-lg"
          >
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
