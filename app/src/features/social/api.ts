import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COMMUNITY } from '@common/limits';
import type {
  CommentItem,
  CommentList,
  FeedItem,
  FeedResponse,
  LikeResult,
  ShareDreamBody,
  SharedStatus,
} from '@common/schemas/social';
import type { Dream } from '@common/schemas/dreams';
import { api } from '@app/lib/api-client';

export const socialKeys = {
  all: ['social'] as const,
  feed: (tab: FeedTab, page: number) => ['social', 'feed', tab, page] as const,
  item: (id: number) => ['social', 'item', id] as const,
  comments: (id: number) => ['social', 'comments', id] as const,
  status: (dreamId: number) => ['social', 'status', dreamId] as const,
};

export type FeedTab = 'all' | 'mine';

export function useFeed(tab: FeedTab, page: number, enabled = true) {
  return useQuery({
    queryKey: socialKeys.feed(tab, page),
    queryFn: () =>
      api.get<FeedResponse>(tab === 'all' ? '/api/social/dream-feed' : '/api/social/my-shared-dreams', {
        page,
        limit: COMMUNITY.feedPageSize,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useSharedDream(id: number) {
  return useQuery({
    queryKey: socialKeys.item(id),
    queryFn: () => api.get<FeedItem>(`/api/social/shared-dream/${id}`),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useComments(id: number, enabled: boolean) {
  return useQuery({
    queryKey: socialKeys.comments(id),
    queryFn: () => api.get<CommentList>(`/api/social/shared-dream/${id}/comments`),
    enabled,
  });
}

/** Whether the user's dream is shared; a failed check reads as not shared (spec part 1 §7). */
export function useSharedStatus(dreamId: number) {
  return useQuery({
    queryKey: socialKeys.status(dreamId),
    queryFn: async (): Promise<SharedStatus> => {
      try {
        return await api.get<SharedStatus>(`/api/social/dream/${dreamId}/shared-status`);
      } catch {
        return { isShared: false, sharedDreamId: null };
      }
    },
  });
}

function useInvalidateSocial() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: socialKeys.all });
}

export function useShareDream() {
  const invalidate = useInvalidateSocial();
  return useMutation({
    mutationFn: (body: Omit<ShareDreamBody, 'userId'>) => api.post<FeedItem>('/api/social/share-dream', body),
    onSuccess: () => void invalidate(),
  });
}

export function useDeleteSharedDream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/social/shared-dream/${id}`),
    onSuccess: (_r, id) => {
      queryClient.removeQueries({ queryKey: socialKeys.item(id) });
      void queryClient.invalidateQueries({
        queryKey: socialKeys.all,
        predicate: (q) => !(q.queryKey[1] === 'item' && q.queryKey[2] === id),
      });
    },
  });
}

/** Sets the like to `liked` (idempotent: a double click sends the same wish twice). */
export function useLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { sharedDreamId: number; liked: boolean }) => api.post<LikeResult>('/api/social/like', v),
    onSuccess: (result, v) => {
      queryClient.setQueryData<FeedItem>(socialKeys.item(v.sharedDreamId), (old) =>
        old ? { ...old, userHasLiked: result.liked, likeCount: result.likeCount } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['social', 'feed'] });
    },
  });
}

export function useAddComment(sharedDreamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { content: string; isAnonymous: boolean }) =>
      api.post<CommentItem>('/api/social/comments', { sharedDreamId, ...v }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: socialKeys.comments(sharedDreamId) });
      void queryClient.invalidateQueries({ queryKey: socialKeys.item(sharedDreamId) });
      void queryClient.invalidateQueries({ queryKey: ['social', 'feed'] });
    },
  });
}

export function useDeleteComment(sharedDreamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/social/comments/${id}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: socialKeys.comments(sharedDreamId) });
      void queryClient.invalidateQueries({ queryKey: socialKeys.item(sharedDreamId) });
    },
  });
}

export function useReport() {
  return useMutation({
    mutationFn: (v: { kind: 'dream' | 'comment'; id: number }) =>
      api.post<{ message: string }>(
        v.kind === 'dream' ? `/api/social/report/dream/${v.id}` : `/api/social/report-comment/${v.id}`,
      ),
  });
}

/** The user's dreams for the share dialog's picker (spec part 1 §7: GET /api/dreams), newest first. */
export function useDreamsToShare(enabled: boolean) {
  return useQuery({
    // Under the dreams key, so a recorded or deleted dream refreshes the picker too.
    queryKey: ['dreams', 'share-picker'],
    queryFn: () => api.get<Dream[]>('/api/dreams', { limit: 1000 }),
    enabled,
  });
}
