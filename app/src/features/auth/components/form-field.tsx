import type { InputHTMLAttributes } from 'react';
import { forwardRef } from 'react';
import { Field } from '@app/components/ui/field';
import { Input } from '@app/components/ui/input';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string;
}

/** A labelled input with its error announced and linked through aria-describedby. */
export const FormField = forwardRef<HTMLInputElement, FormFieldProps>(({ id, label, error, ...props }, ref) => (
  <Field id={id} label={label} error={error}>
    {(control) => <Input ref={ref} {...control} {...props} />}
  </Field>
));
FormField.displayName = 'FormField';
