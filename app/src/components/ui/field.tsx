import type { ReactNode } from 'react';
import { FieldError, Label } from './misc';

/** What a field's control carries so that its label and its error belong to it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  className?: string;
  /** Renders the control (input, textarea…) with the props that link it to the label and the error. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled control with its error shown below it and announced through aria-describedby. */
export function Field({ id, label, error, className = 'grid gap-1.5', children }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
