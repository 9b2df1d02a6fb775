import { z } from 'zod';
import { LIMITS, LIST_SIZES } from '../limits';
import { MSG } from '../messages';

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

export const TAG_SUGGESTIONS = ['flying', 'portal', 'guide', 'lucid', 'contact'] as const;

/** Tags are trimmed, lower-cased and de-duplicated; blanks are dropped. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const raw of tags) {
    const tag = raw.trim().toLowerCase();
    if (tag) seen.add(tag);
  }
  return [...seen];
}

const tagsSchema = z
  .array(z.string({ error: 'tags: each tag must be text' }).max(LIMITS.tags.maxLength * 4), {
    error: 'tags must be a list of text',
  })
  .max(LIMITS.tags.maxCount * 4, `tags: at most ${LIMITS.tags.maxCount} tags`)
  .transform(normalizeTags)
  .pipe(
    z
      .array(
        z.string().max(LIMITS.tags.maxLength, `tags: each tag must be at most ${LIMITS.tags.maxLength} characters`),
      )
      .max(LIMITS.tags.maxCount, `tags: at most ${LIMITS.tags.maxCount} tags`),
  );

/** Any date text; an invalid or missing one means "now" (spec §5). */
const dateSchema = z
  .union([z.string().max(100), z.null()])
  .optional()
  .transform((value) => {
    if (value === null || value === undefined) return new Date();
    const parsed = new Date(value);
    return Number.isNaN(parsed.getTime()) ? new Date() : parsed;
  });

const titleSchema = z
  .string({ error: MSG.titleRequired })
  .trim()
  .min(LIMITS.dreamTitle.min, MSG.titleRequired)
  .max(LIMITS.dreamTitle.max, `Title must be at most ${LIMITS.dreamTitle.max} characters`);
const narrativeSchema = z
  .string({ error: MSG.narrativeRequired })
  .trim()
  .min(LIMITS.narrative.min, MSG.narrativeRequired)
  .max(
    LIMITS.narrative.max,
    `Dream description must be at most ${LIMITS.narrative.max.toLocaleString('en-US')} characters`,
  );
const timePeriodSchema = z
  .enum(TIME_PERIODS, { error: `timePeriod must be one of: ${TIME_PERIODS.join(', ')}` })
  .nullable()
  .optional();
const intentionIdSchema = z.number({ error: 'intentionId must be a number' }).int().positive().nullable().optional();

export const createDreamBodySchema = z.strictObject({
  title: titleSchema,
  narrative: narrativeSchema,
  date: dateSchema,
  timePeriod: timePeriodSchema,
  tags: tagsSchema.default([]),
  intentionId: intentionIdSchema,
  userId: z.unknown().optional(),
});
export type CreateDreamBody = z.input<typeof createDreamBodySchema>;

export const updateDreamBodySchema = z.strictObject({
  title: titleSchema.optional(),
  narrative: narrativeSchema.optional(),
  date: z
    .union([z.string().max(100), z.null()])
    .optional()
    .transform((value) => {
      if (value === undefined) return undefined;
      if (value === null) return new Date();
      const parsed = new Date(value);
      return Number.isNaN(parsed.getTime()) ? new Date() : parsed;
    }),
  timePeriod: timePeriodSchema,
  tags: tagsSchema.optional(),
  intentionId: intentionIdSchema,
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
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(1, 'q: enter something to search for')
    .max(LIMITS.searchQuery.max, `q must be at most ${LIMITS.searchQuery.max} characters`),
  limit: z.coerce.number().int().min(1).max(LIST_SIZES.searchMax).default(LIST_SIZES.searchDefault),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** The search box text that filters by one tag: #tag, or #"two words" for a tag with spaces. */
export function tagSearchText(tag: string): string {
  return /\s/.test(tag) ? `#"${tag.replace(/"/g, '')}"` : `#${tag}`;
}

/** Search snippets mark matches with these control characters; the client turns them into <mark>. */
export const SNIPPET_START = '\u0002';
export const SNIPPET_STOP = '\u0003';

export const searchResultSchema = z.object({
  results: z.array(z.object({ dream: dreamSchema, rank: z.number(), snippet: z.string() })),
  /** Matches counted: all of them when totalExact, otherwise at least this many (only the newest are ranked). */
  total: z.number().int(),
  totalExact: z.boolean(),
});
export type SearchResults = z.infer<typeof searchResultSchema>;
