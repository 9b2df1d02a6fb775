import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@app/components/ui/button';
import { useDreamSaved } from '@app/features/interpretations';
import { LazyDreamDialog } from './lazy-dream-dialog';

/**
 * A button that opens the dream dialog for a new dream. It keeps its own open state unless the
 * page passes `open` and `onOpenChange` (the Journal opens it from the address, /journal?new=1).
 */
export function NewDreamButton({
  label,
  icon,
  variant,
  open: controlledOpen,
  onOpenChange,
}: {
  label: string;
  icon?: ReactNode;
  variant?: ButtonProps['variant'];
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const onSaved = useDreamSaved();
  return (
    <LazyDreamDialog
      open={controlledOpen ?? ownOpen}
      onOpenChange={onOpenChange ?? setOwnOpen}
      offerInterpretation
      onSaved={onSaved}
      trigger={
        <Button variant={variant}>
          {icon}
          {label}
        </Button>
      }
    />
  );
}
