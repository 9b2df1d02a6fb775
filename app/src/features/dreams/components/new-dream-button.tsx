import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@app/components/ui/button';
import { useDreamSaved } from '@app/features/interpretations';
import { DreamDialog } from './dream-dialog';

/** A button that opens the dream dialog for a new dream. */
export function NewDreamButton({
  label,
  icon,
  variant,
}: {
  label: string;
  icon?: ReactNode;
  variant?: ButtonProps['variant'];
}) {
  const [open, setOpen] = useState(false);
  const onSaved = useDreamSaved();
  return (
    <DreamDialog
      open={open}
      onOpenChange={setOpen}
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
