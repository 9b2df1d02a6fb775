import { useQuery } from '@tanstack/react-query';
import { LIST_SIZES } from '@common/limits';
import type { Calendar, LucidFrequency, OnThisDay, Stats, TopTag } from '@common/schemas/analytics';
import type { DreamSignWord, DreamSignsResponse } from '@common/schemas/dream-signs';
import type { RecentInterpretation } from '@common/schemas/interpretations';
import { TAG_SUGGESTIONS } from '@common/dream-constants';
import { api } from '@app/lib/api-client';
import { userTimeZone } from '@app/lib/time-zone';

export const analyticsKeys = {
  all: ['analytics'] as const,
  topTags: (limit: number) => ['analytics', 'top-tags', limit] as const,
  stats: ['analytics', 'stats'] as const,
  lucidFrequency: ['analytics', 'lucid-frequency'] as const,
  calendar: ['analytics', 'calendar'] as const,
  onThisDay: ['analytics', 'on-this-day'] as const,
  dreamSigns: ['analytics', 'dream-signs'] as const,
  recentInterpretation: ['analytics', 'recent-interpretation'] as const,
  signWords: ['analytics', 'dream-sign-words'] as const,
};

/** The browser's IANA zone: the server counts days and weekdays in it. */
const zone = () => ({ timeZone: userTimeZone() });

/** Totals, intention success and the current streak (spec §3 Stats). */
export function useStats() {
  return useQuery({ queryKey: analyticsKeys.stats, queryFn: () => api.get<Stats>('/api/analytics/stats', zone()) });
}

/** Lucid dreams per weekday, Mon … Sun. */
export function useLucidFrequency() {
  return useQuery({
    queryKey: analyticsKeys.lucidFrequency,
    queryFn: () => api.get<LucidFrequency>('/api/analytics/lucid-frequency', zone()),
  });
}

/** Dreams per day over the last 12 weeks. */
export function useCalendar() {
  return useQuery({
    queryKey: analyticsKeys.calendar,
    queryFn: () => api.get<Calendar>('/api/analytics/calendar', zone()),
  });
}

/** Dreams from this day of the month in earlier months and years. */
export function useOnThisDay() {
  return useQuery({
    queryKey: analyticsKeys.onThisDay,
    queryFn: () => api.get<OnThisDay>('/api/analytics/on-this-day', zone()),
  });
}

/** Recurring symbols and motifs found by the engine. */
export function useDreamSigns() {
  return useQuery({
    queryKey: analyticsKeys.dreamSigns,
    queryFn: () => api.get<DreamSignsResponse>('/api/analytics/dream-signs'),
  });
}

/** The user's latest interpretation with its dream, or null (the Insights panel). */
export function useRecentInterpretation() {
  return useQuery({
    queryKey: analyticsKeys.recentInterpretation,
    queryFn: () => api.get<RecentInterpretation>('/api/interpretations/recent'),
  });
}

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
