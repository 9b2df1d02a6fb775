import { z } from 'zod';
import { LIST_SIZES } from '../limits';
import { timeZoneSchema } from './transfer';

export const topTagsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LIST_SIZES.topTagsMax, `limit must be at most ${LIST_SIZES.topTagsMax}`)
    .default(LIST_SIZES.topTagsDefault),
});

/** One of the user's tags and how many of their dreams carry it. */
export const topTagSchema = z.object({ tag: z.string(), count: z.number().int() });
export type TopTag = z.infer<typeof topTagSchema>;

export const topTagsResponseSchema = z.array(topTagSchema);

/** The client's IANA zone decides what a day and a weekday are (UTC if absent). */
export const timeZoneQuerySchema = z.object({ timeZone: timeZoneSchema.optional() });

/** GET /api/analytics/stats (spec §3 Stats; the README decides streak and intention success). */
export const statsSchema = z.object({
  totalDreams: z.number().int(),
  lucidDreams: z.number().int(),
  intentionsSet: z.number().int(),
  /** Percentage of intentions marked completed, rounded to a whole number; 0 with none. */
  intentionSuccess: z.number().int(),
  /** Consecutive days with a dream, ending today or yesterday. */
  currentStreak: z.number().int(),
});
export type Stats = z.infer<typeof statsSchema>;

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** Lucid dreams by weekday of the dream's date: always seven entries, Mon … Sun. */
export const lucidFrequencySchema = z.array(z.object({ day: z.enum(WEEKDAYS), count: z.number().int() }));
export type LucidFrequency = z.infer<typeof lucidFrequencySchema>;

/** The calendar heat-map: this many weeks, ending with the current one. */
export const CALENDAR_WEEKS = 12;

/** GET /api/analytics/calendar: one entry per day with dreams in the last weeks (days without dreams left out). */
export const calendarSchema = z.object({
  /** The user's today (YYYY-MM-DD in their zone): the map ends with its week. */
  today: z.string(),
  days: z.array(z.object({ date: z.string(), count: z.number().int() })),
});
export type Calendar = z.infer<typeof calendarSchema>;

/** GET /api/analytics/on-this-day: dreams from this day of the month in earlier months and years. */
export const onThisDaySchema = z.array(
  z.object({ id: z.number().int(), title: z.string(), date: z.string(), monthsAgo: z.number().int() }),
);
export type OnThisDay = z.infer<typeof onThisDaySchema>;
