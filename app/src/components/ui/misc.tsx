import { Label as LabelPrimitive } from 'radix-ui';
import { Loader2 } from 'lucide-react';
import type { ComponentProps, HTMLAttributes, ReactNode } from 'react';
import { cn } from '@app/lib/cn';

export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return <LabelPrimitive.Root className={cn('text-sm font-medium text-slate-200', className)} {...props} />;
}

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('rounded-2xl border border-night-600/70 bg-night-900/75 p-6 shadow-xl backdrop-blur-sm', className)}
      {...props}
    />
  );
}

export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden className={cn('animate-pulse rounded-xl bg-night-700/60', className)} {...props} />;
}

export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center p-8', className)}>
      <Loader2 className="h-8 w-8 animate-spin text-dream-300" aria-hidden />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function Badge({ className, ...props }: HTMLAttributes<HTMLSpanElement>) {
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center rounded-full border border-dream-400/40 bg-dream-600/20 px-2.5 py-0.5 text-xs font-medium text-dream-300 wrap-anywhere',
        className,
      )}
      {...props}
    />
  );
}

export function Alert({
  children,
  variant = 'default',
  className,
}: {
  children: ReactNode;
  variant?: 'default' | 'destructive';
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(
        'rounded-lg border px-4 py-3 text-sm',
        variant === 'destructive'
          ? 'border-red-500/60 bg-red-950/60 text-red-200'
          : 'border-night-600 bg-night-800 text-slate-200',
        className,
      )}
    >
      {children}
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-red-300">
      {message}
    </p>
  );
}
