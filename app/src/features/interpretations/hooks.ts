import type { Dream } from '@common/schemas/dreams';

/** Whether the dream dialog offers "generate an interpretation when I save". */
export function useInterpretationAvailable(): boolean {
  return false;
}

/** What happens after a dream is saved; generation hooks in here. */
export function useDreamSaved(): (dream: Dream, options: { requestInterpretation: boolean }) => void {
  return () => undefined;
}
