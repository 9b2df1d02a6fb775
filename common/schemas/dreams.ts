import { z } from 'zod';
import { LIMITS, LIST_SIZES } from '../limits';
import { MSG } from '../messages';
import { text } from './text';

export { SNIPPET_START, SNIPPET_STOP, TAG_SUGGESTIONS, tagSearchText } from '../dream-constants';

export const TIME_PERIODS = [
  'early_childhood',
  'adolescence',
  'young_adult',
  'adult',
  'middle_age',
  'senior',
  'unknown',
  'recurring',
] as const;
export type TimePeriod = (typeof TIME_PERIODS)[number];

/** Labels in the dream form (select) — "unknown" reads differently on cards, see dates.ts. */
export const TIME_PERIOD_FORM_LABELS: Record<TimePeriod, string> = {
  early_childhood: 'Early Childhood (0-10 years)',
  adolescence: 'Adolescence (11-17)',
  young_adult: 'Young Adult (18-25)',
  adult: 'Adult (26-40)',
  middle_age: 'Middle Age (41-60)',
  senior: 'Senior (61+)',
  unknown: "I Don't Remember",
  recurring: 'Recurring Dream',
};

/** Tags are trimmed, lower-cased and de-duplicated; blanks are dropped. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const raw of tags) {
    const tag = raw.trim().toLowerCase();
    if (tag) seen.add(tag);
  }
  return [...seen];
}

/**
 * A dream's date as sent: an ISO moment, or a calendar day alone (`2026-10-02`), which is that day
 * wherever the reader is — noon UTC, not UTC midnight (the evening before in the Americas). Invalid
 * text is undefined.
 */
export function parseDreamDate(value: string | null | undefined): Date | undefined {
  if (value === null || value === undefined) return undefined;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const noon = new Date(Date.UTC(y, m - 1, d, 12));
    return noon.getUTCMonth() === m - 1 && noon.getUTCDate() === d ? noon : undefined;
  }
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

/*
 * The field rules of a dream, written once: the API's create and update bodies, the journal import
 * (server/src/features/transfer) and the dream dialog's form are all built from these.
 */

/** Title: trimmed, 1–200 characters. */
export const dreamTitleSchema = text({ error: MSG.titleRequired })
  .trim()
  .min(LIMITS.dreamTitle.min, MSG.titleRequired)
  .max(LIMITS.dreamTitle.max, MSG.titleTooLong);

/** The narrative ("Dream description"): trimmed, 1–20,000 characters. */
export const dreamNarrativeSchema = text({ error: MSG.narrativeRequired })
  .trim()
  .min(LIMITS.narrative.min, MSG.narrativeRequired)
  .max(LIMITS.narrative.max, MSG.narrativeTooLong);

/** One of TIME_PERIODS (the "I don't remember the exact date" answer). */
export const dreamTimePeriodSchema = z.enum(TIME_PERIODS, {
  error: `timePeriod must be one of: ${TIME_PERIODS.join(', ')}`,
});

/**
 * Tags: normalized (normalizeTags), then at most LIMITS.tags.maxCount of at most LIMITS.tags.maxLength
 * characters. A raw list far over the limits is refused before it is normalized.
 */
export const dreamTagsSchema = z
  .array(text({ error: 'tags: each tag must be text' }).max(LIMITS.tags.maxLength * 4, MSG.tagTooLong), {
    error: 'tags must be a list of text',
  })
  .max(LIMITS.tags.maxCount * 4, MSG.tooManyTags)
  .transform(normalizeTags)
  .pipe(z.array(z.string().max(LIMITS.tags.maxLength, MSG.tagTooLong)).max(LIMITS.tags.maxCount, MSG.tooManyTags));

/** The id of the user's own intention the dream answers (null: none). */
export const dreamIntentionIdSchema = z.number({ error: 'intentionId must be a number' }).int().positive().nullable();

/** The date as sent: text that parseDreamDate reads (an ISO moment or a calendar day). */
export const dreamDateTextSchema = text().max(100).nullable().optional();

/** The content fields every dream body shares; create, update and import pick from it. */
export const dreamFieldsSchema = z.object({
  title: dreamTitleSchema,
  narrative: dreamNarrativeSchema,
  timePeriod: dreamTimePeriodSchema.nullable(),
  tags: dreamTagsSchema,
  intentionId: dreamIntentionIdSchema,
});

/** On create, a missing or invalid date means "now" (spec §5). */
const dateSchema = dreamDateTextSchema.transform((value) => parseDreamDate(value) ?? new Date());

export const createDreamBodySchema = z.strictObject({
  title: dreamTitleSchema,
  narrative: dreamNarrativeSchema,
  date: dateSchema,
  timePeriod: dreamFieldsSchema.shape.timePeriod.optional(),
  tags: dreamTagsSchema.default([]),
  intentionId: dreamIntentionIdSchema.optional(),
  userId: z.unknown().optional(),
});
export type CreateDreamBody = z.input<typeof createDreamBodySchema>;

export const updateDreamBodySchema = z.strictObject({
  title: dreamTitleSchema.optional(),
  narrative: dreamNarrativeSchema.optional(),
  /** An edit never invents a date: a missing, null or invalid one keeps the dream's own (issue 9.1). */
  date: dreamDateTextSchema.transform(parseDreamDate),
  timePeriod: dreamFieldsSchema.shape.timePeriod.optional(),
  tags: dreamTagsSchema.optional(),
  intentionId: dreamIntentionIdSchema.optional(),
  userId: z.unknown().optional(),
});
export type UpdateDreamBody = z.input<typeof updateDreamBodySchema>;

export const dreamSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  title: z.string(),
  narrative: z.string(),
  date: z.string().nullable(),
  timePeriod: z.string().nullable(),
  tags: z.array(z.string()),
  intentionId: z.number().int().nullable(),
  createdAt: z.string(),
  /** When the content last changed (the creation time until then): a reading older than this is out of date. */
  updatedAt: z.string(),
});
export type Dream = z.infer<typeof dreamSchema>;

export const idParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int('id must be a whole number')
    .positive('id must be positive')
    .max(2_147_483_647, 'id is too large'),
});

export const recentQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be at least 1')
    .max(LIST_SIZES.recentDreamsMax, `limit must be at most ${LIST_SIZES.recentDreamsMax}`)
    .default(LIST_SIZES.recentDreamsDefault),
});

export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const searchQuerySchema = z.object({
  q: text({ error: 'q is required' })
    .trim()
    .min(1, 'q: enter something to search for')
    .max(LIMITS.searchQuery.max, `q must be at most ${LIMITS.searchQuery.max} characters`),
  limit: z.coerce.number().int().min(1).max(LIST_SIZES.searchMax).default(LIST_SIZES.searchDefault),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const searchResultSchema = z.object({
  results: z.array(z.object({ dream: dreamSchema, rank: z.number(), snippet: z.string() })),
  /** Matches counted: all of them when totalExact, otherwise at least this many (only the newest are ranked). */
  total: z.number().int(),
  totalExact: z.boolean(),
});
export type SearchResults = z.infer<typeof searchResultSchema>;
