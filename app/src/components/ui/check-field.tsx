import type { ReactNode } from 'react';
import { cn } from '@app/lib/cn';

/**
 * A labelled checkbox; `asSwitch` gives it the switch role (an on/off setting such as "Share
 * anonymously" or "Administrator Access"). The label's text is its accessible name.
 */
export function CheckField({
  label,
  checked,
  onCheckedChange,
  disabled,
  asSwitch = false,
  labelFirst = false,
  className,
}: {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  asSwitch?: boolean;
  /** The label before the control, spread across the row (settings in a dialog). */
  labelFirst?: boolean;
  className?: string;
}) {
  const control = (
    <input
      type="checkbox"
      role={asSwitch ? 'switch' : undefined}
      className="h-4 w-4 shrink-0 accent-dream-500 focus-visible:outline-2 focus-visible:outline-aurora-300"
      checked={checked}
      disabled={disabled}
      onChange={(e) => onCheckedChange(e.target.checked)}
    />
  );
  return (
    <label
      className={cn(
        'flex items-center gap-3 text-sm text-slate-200',
        labelFirst && 'justify-between',
        disabled && 'opacity-70',
        className,
      )}
    >
      {labelFirst ? label : control}
      {labelFirst ? control : label}
    </label>
  );
}
