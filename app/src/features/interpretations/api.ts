import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Interpretation } from '@common/schemas/interpretations';
import { api } from '@app/lib/api-client';

export const interpretationKeys = {
  all: ['interpretations'] as const,
  forDream: (dreamId: number) => ['interpretations', 'dream', dreamId] as const,
  history: (dreamId: number) => ['interpretations', 'history', dreamId] as const,
};

/** The dream's latest reading; a failed load reads as "none yet" (spec §7). */
export function useDreamInterpretation(dreamId: number) {
  return useQuery({
    queryKey: interpretationKeys.forDream(dreamId),
    queryFn: async () => {
      try {
        return await api.get<Interpretation | null>(`/api/interpretations/dream/${dreamId}`);
      } catch {
        return null;
      }
    },
  });
}

/** Every reading of the dream, newest first (the first is the current one). */
export function useInterpretationHistory(dreamId: number, enabled = true) {
  return useQuery({
    queryKey: interpretationKeys.history(dreamId),
    queryFn: () => api.get<Interpretation[]>(`/api/interpretations/dream/${dreamId}/history`),
    enabled,
  });
}

export function useGenerateInterpretation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dreamId: number) => api.post<Interpretation>('/api/interpretations/generate', { dreamId }),
    onSuccess: (interpretation) => {
      queryClient.setQueryData(interpretationKeys.forDream(interpretation.dreamId), interpretation);
      void queryClient.invalidateQueries({ queryKey: interpretationKeys.history(interpretation.dreamId) });
    },
  });
}
