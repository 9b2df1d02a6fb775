import { Toast as ToastPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { UI } from '@common/limits';
import { cn } from '@app/lib/cn';
import { dismissToast, useToasts } from '@app/lib/toast-store';

/** The notification region. Radix gives it the F8 hotkey and swipe-to-dismiss. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider
      duration={UI.toastDurationMs}
      swipeThreshold={UI.toastSwipeThreshold}
      label="Notifications"
    >
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg',
            'data-[state=open]:animate-in data-[state=closed]:opacity-0 transition-opacity',
            t.variant === 'destructive'
              ? 'border-red-500/60 bg-red-900 text-red-50'
              : 'border-night-600 bg-night-800 text-slate-100',
          )}
          data-variant={t.variant ?? 'default'}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close notification"
            className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100"
          >
            <X className="h-4 w-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]" />
    </ToastPrimitive.Provider>
  );
}
