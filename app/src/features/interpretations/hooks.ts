import type { Dream } from '@common/schemas/dreams';
import { toast } from '@app/lib/toast-store';
import { useGenerateInterpretation } from './api';

/** After a dream is saved with the box ticked, its interpretation is generated. */
export function useDreamSaved(): (dream: Dream, options: { requestInterpretation: boolean }) => void {
  const generate = useGenerateInterpretation();
  return (dream, { requestInterpretation }) => {
    if (!requestInterpretation) return;
    generate.mutate(dream.id, {
      onSuccess: () => toast({ title: 'Interpretation generated', description: dream.title }),
      onError: () => toast({ title: 'Failed to generate interpretation', variant: 'destructive' }),
    });
  };
}
