import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from '@app/lib/cn';

/** The browser's own select (best on phones and for keyboards), styled like the other fields. */
export const NativeSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  ({ className, ...props }, ref) => (
    <select
      ref={ref}
      className={cn(
        'h-10 w-full min-w-0 max-w-full truncate rounded-lg border border-night-600 bg-night-900 px-3 text-sm text-slate-100 focus-visible:outline-2 focus-visible:outline-aurora-300',
        className,
      )}
      {...props}
    />
  ),
);
NativeSelect.displayName = 'NativeSelect';
