import type { InputHTMLAttributes } from 'react';
import { forwardRef } from 'react';
import { Input } from '@app/components/ui/input';
import { FieldError, Label } from '@app/components/ui/misc';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string;
}

/** A labelled input with its error announced and linked through aria-describedby. */
export const FormField = forwardRef<HTMLInputElement, FormFieldProps>(({ id, label, error, ...props }, ref) => (
  <div className="grid gap-1.5">
    <Label htmlFor={id}>{label}</Label>
    <Input
      id={id}
      ref={ref}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      {...props}
    />
    <FieldError id={`${id}-error`} message={error} />
  </div>
));
FormField.displayName = 'FormField';
