import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIST_SIZES } from '@common/limits';
import type { CreateDreamBody, Dream, SearchResults } from '@common/schemas/dreams';
import type { ImportBody, ImportResult } from '@common/schemas/transfer';
import { analyticsKeys } from '@app/features/analytics/api';
import { intentionKeys } from '@app/features/intentions/api';
import { api } from '@app/lib/api-client';
import { nextSearchOffset } from './search-paging';

export const dreamKeys = {
  all: ['dreams'] as const,
  recent: (limit: number) => ['dreams', 'recent', limit] as const,
  detail: (id: number) => ['dreams', 'detail', id] as const,
  search: (q: string) => ['dreams', 'search', q] as const,
};

/**
 * The latest dreams, in journal order. A failed load is an error, never an empty list (issue #9.16
 * overrides spec §7): an empty journal must only ever mean there are no dreams.
 */
export function useRecentDreams(limit: number) {
  return useQuery({
    queryKey: dreamKeys.recent(limit),
    queryFn: () => api.get<Dream[]>('/api/dreams/recent', { limit }),
  });
}

export function useDream(id: number) {
  return useQuery({
    queryKey: dreamKeys.detail(id),
    queryFn: () => api.get<Dream>(`/api/dreams/${id}`),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** Server search over every dream, a page of 20 at a time ("Show more results"). */
export function useSearchDreams(q: string) {
  const limit = LIST_SIZES.searchDefault;
  return useInfiniteQuery({
    queryKey: dreamKeys.search(q),
    queryFn: ({ signal, pageParam }) =>
      api.get<SearchResults>('/api/dreams/search', { q, limit, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, offset) => nextSearchOffset(last, offset, limit),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

export type DreamPayload = Omit<CreateDreamBody, 'userId'>;

export function useSaveDream() {
  const queryClient = useQueryClient();
  return useMutation({
    /**
     * A new dream carries an `Idempotency-Key` (IETF httpapi draft; a structured-field string): a
     * retry of the same save with the same key gives back the dream the first one made.
     */
    mutationFn: ({ id, payload, idempotencyKey }: { id?: number; payload: DreamPayload; idempotencyKey?: string }) =>
      id
        ? api.patch<Dream>(`/api/dreams/${id}`, payload)
        : api.post<Dream>(
            '/api/dreams',
            payload,
            idempotencyKey ? { 'Idempotency-Key': `"${idempotencyKey}"` } : undefined,
          ),
    onSuccess: (dream) => {
      queryClient.setQueryData(dreamKeys.detail(dream.id), dream);
      void queryClient.invalidateQueries({ queryKey: dreamKeys.all });
      void queryClient.invalidateQueries({ queryKey: intentionKeys.all });
      void queryClient.invalidateQueries({ queryKey: analyticsKeys.all });
    },
  });
}

export function useDeleteDream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/dreams/${id}`),
    onSuccess: (_res, id) => {
      // The open detail page must not refetch the deleted dream (it would answer 404 mid-navigation).
      const deleted = dreamKeys.detail(id);
      void queryClient.invalidateQueries({
        queryKey: dreamKeys.all,
        predicate: (q) => !(q.queryKey[1] === deleted[1] && q.queryKey[2] === deleted[2]),
      });
      void queryClient.invalidateQueries({ queryKey: analyticsKeys.all });
    },
  });
}

export function useImportJournal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportBody) => api.post<ImportResult>('/api/import', body),
    onSuccess: (result) => {
      if (!result.dryRun) {
        void queryClient.invalidateQueries({ queryKey: dreamKeys.all });
        void queryClient.invalidateQueries({ queryKey: intentionKeys.all });
        void queryClient.invalidateQueries({ queryKey: analyticsKeys.all });
      }
    },
  });
}
