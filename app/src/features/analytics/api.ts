import { useQuery } from '@tanstack/react-query';
import { LIST_SIZES } from '@common/limits';
import type { TopTag } from '@common/schemas/analytics';
import type { DreamSignWord } from '@common/schemas/dream-signs';
import { TAG_SUGGESTIONS } from '@common/dream-constants';
import { api } from '@app/lib/api-client';

export const analyticsKeys = {
  all: ['analytics'] as const,
  topTags: (limit: number) => ['analytics', 'top-tags', limit] as const,
  signWords: ['analytics', 'dream-sign-words'] as const,
};

/** The user's recurring symbols with the words their dreams used for them (for live dream-sign highlighting). */
export function useDreamSignWords(enabled = true) {
  return useQuery({
    queryKey: analyticsKeys.signWords,
    queryFn: async () => (await api.get<{ words: DreamSignWord[] }>('/api/analytics/dream-signs/words')).words,
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** The user's most used tags with their counts, most frequent first. */
export function useTopTags(limit: number = LIST_SIZES.topTagsDefault, enabled = true) {
  return useQuery({
    queryKey: analyticsKeys.topTags(limit),
    queryFn: () => api.get<TopTag[]>('/api/analytics/top-tags', { limit }),
    enabled,
  });
}

/**
 * Tags to suggest in the dream form: the user's own most used ones. The fixed starter words are
 * offered only to someone who has no tags yet (or when the list cannot be loaded); nothing while
 * loading. `enabled` false (a closed dialog) asks nothing.
 */
export function useTagSuggestions(enabled = true): readonly string[] {
  const top = useTopTags(LIST_SIZES.tagSuggestions, enabled);
  if (top.isPending) return [];
  if (top.isError || !top.data.length) return TAG_SUGGESTIONS;
  return top.data.map((t) => t.tag);
}
