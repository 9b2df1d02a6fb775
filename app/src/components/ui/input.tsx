import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '@app/lib/cn';

const fieldClass =
  'w-full rounded-lg border border-night-600 bg-night-900/80 px-3 py-2 text-sm text-slate-100 placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-aurora-300 disabled:opacity-50 aria-[invalid=true]:border-red-400';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  ({ className, ...props }, ref) => <input ref={ref} className={cn(fieldClass, 'h-10', className)} {...props} />,
);
Input.displayName = 'Input';

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  ({ className, ...props }, ref) => <textarea ref={ref} className={cn(fieldClass, 'min-h-24', className)} {...props} />,
);
Textarea.displayName = 'Textarea';
