import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DreamSymbol, SymbolReadingResponse } from '@common/schemas/interpretations';
import { api } from '@app/lib/api-client';

export const symbolKeys = { list: ['dream-symbols', 'list'] as const };

/** The whole shared dictionary (a few hundred entries) for browsing by category. */
export function useDreamSymbols() {
  return useQuery({
    queryKey: symbolKeys.list,
    queryFn: () => api.get<DreamSymbol[]>('/api/dream-symbols', { limit: 1000, offset: 0 }),
  });
}

export function useInterpretSymbol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (symbol: string) => api.post<SymbolReadingResponse>('/api/dream-symbols/interpret', { symbol }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: symbolKeys.list }),
  });
}
