import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIST_SIZES } from '@common/limits';
import type { DreamSymbol, SymbolCategory, SymbolReadingResponse } from '@common/schemas/symbols';
import { api } from '@app/lib/api-client';

export const symbolKeys = {
  all: ['dream-symbols'] as const,
  categories: ['dream-symbols', 'categories'] as const,
  page: (filter: SymbolFilter) => ['dream-symbols', 'page', filter] as const,
  recent: ['dream-symbols', 'recent'] as const,
};

/** One category to browse, or a search over the whole dictionary. */
export type SymbolFilter = { category: string } | { q: string };

/** The dictionary's categories with their sizes. */
export function useSymbolCategories() {
  return useQuery({
    queryKey: symbolKeys.categories,
    queryFn: () => api.get<SymbolCategory[]>('/api/dream-symbols/categories'),
  });
}

/**
 * The symbols of one category or search, a page at a time ("Load more"). Each request asks for one
 * more than a page: when it comes back, there is a next page.
 */
export function useSymbolPages(filter: SymbolFilter | null) {
  const size = LIST_SIZES.symbolsPage;
  return useInfiniteQuery({
    queryKey: symbolKeys.page(filter ?? { category: '' }),
    enabled: filter !== null,
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }) => {
      const rows = await api.get<DreamSymbol[]>(
        '/api/dream-symbols',
        { ...filter, limit: size + 1, offset: pageParam },
        signal,
      );
      return { symbols: rows.slice(0, size), next: rows.length > size ? pageParam + size : undefined };
    },
    getNextPageParam: (last) => last.next,
    placeholderData: keepPreviousData,
  });
}

/** The newest symbols by when they were added or last interpreted. */
export function useRecentSymbols() {
  return useQuery({
    queryKey: symbolKeys.recent,
    queryFn: () =>
      api.get<DreamSymbol[]>('/api/dream-symbols', { sort: 'recent', limit: LIST_SIZES.symbolsRecent, offset: 0 }),
  });
}

export function useInterpretSymbol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (symbol: string) => api.post<SymbolReadingResponse>('/api/dream-symbols/interpret', { symbol }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: symbolKeys.all }),
  });
}
