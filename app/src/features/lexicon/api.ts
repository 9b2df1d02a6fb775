import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LexiconEntry, LexiconResponse } from '@common/schemas/lexicon';
import { api } from '@app/lib/api-client';

export const lexiconKeys = {
  all: ['lexicon'] as const,
  list: ['lexicon', 'list'] as const,
  entry: (symbol: string) => ['lexicon', 'entry', symbol.toLowerCase()] as const,
  dream: (dreamId: number) => ['lexicon', 'dream', dreamId] as const,
};

const symbolPath = (symbol: string) => `/api/lexicon/${encodeURIComponent(symbol.trim().toLowerCase())}`;

/** The signed-in user's whole lexicon. */
export function useLexicon() {
  return useQuery({ queryKey: lexiconKeys.list, queryFn: () => api.get<LexiconResponse>('/api/lexicon') });
}

/** One symbol of the user's lexicon (their meaning and what their dreams show). */
export function useLexiconEntry(symbol: string, enabled = true) {
  return useQuery({
    queryKey: lexiconKeys.entry(symbol),
    queryFn: () => api.get<LexiconEntry>(symbolPath(symbol)),
    enabled: enabled && symbol.trim().length > 0,
  });
}

/** The symbols of one of the user's dreams, each with their lexicon entry. */
export function useDreamLexicon(dreamId: number) {
  return useQuery({
    queryKey: lexiconKeys.dream(dreamId),
    queryFn: () => api.get<{ entries: LexiconEntry[] }>(`/api/lexicon/dreams/${dreamId}`),
  });
}

export function useSetMeaning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ symbol, meaning }: { symbol: string; meaning: string }) =>
      api.put<LexiconEntry>(symbolPath(symbol), { meaning }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: lexiconKeys.all }),
  });
}

export function useClearMeaning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (symbol: string) => api.delete<{ deleted: true }>(symbolPath(symbol)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: lexiconKeys.all }),
  });
}
