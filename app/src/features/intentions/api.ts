import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Intention, UpdateIntentionBody } from '@common/schemas/intentions';
import { api } from '@app/lib/api-client';

export const intentionKeys = {
  all: ['intentions'] as const,
  previous: (limit: number) => ['intentions', 'previous', limit] as const,
};

/** Previous intentions; a failed load shows as an empty list (spec §7). */
export function usePreviousIntentions(limit: number) {
  return useQuery({
    queryKey: intentionKeys.previous(limit),
    queryFn: async () => {
      try {
        return await api.get<Intention[]>('/api/intentions/previous', { limit });
      } catch {
        return [];
      }
    },
  });
}

export function useCreateIntention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post<Intention>('/api/intentions', { text, date: new Date().toISOString() }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: intentionKeys.all }),
  });
}

export function useUpdateIntention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateIntentionBody & { id: number }) =>
      api.patch<Intention>(`/api/intentions/${id}`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: intentionKeys.all }),
  });
}
