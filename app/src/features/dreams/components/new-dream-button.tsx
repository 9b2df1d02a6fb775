import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@app/components/ui/button';
import { useDreamSaved, useInterpretationAvailable } from '@app/features/interpretations/hooks';
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
  const offerInterpretation = useInterpretationAvailable();
  return (
    <DreamDialog
      open={open}
      onOpenChange={setOpen}
      offerInterpretation={offerInterpretation}
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
