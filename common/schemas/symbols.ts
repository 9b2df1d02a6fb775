import { z } from 'zod';
import { LIMITS, LIST_SIZES } from '../limits';
import { MSG } from '../messages';
import { text } from './text';

export const EMPTY_SYMBOL_MESSAGE = MSG.emptySymbol;

export const interpretSymbolBodySchema = z.strictObject({
  symbol: text({ error: EMPTY_SYMBOL_MESSAGE })
    .trim()
    .min(LIMITS.symbol.min, EMPTY_SYMBOL_MESSAGE)
    .max(LIMITS.symbol.max, `symbol must be at most ${LIMITS.symbol.max} characters`),
});

export const dreamSymbolSchema = z.object({
  id: z.number().int().nullable(),
  symbol: z.string(),
  category: z.string(),
  meaning: z.string(),
  associations: z.array(z.string()),
  createdAt: z.string().nullable(),
  lastInterpretedAt: z.string().nullable(),
});
export type DreamSymbol = z.infer<typeof dreamSymbolSchema>;

export const symbolReadingSchema = dreamSymbolSchema.extend({
  source: z.enum(['dictionary', 'knowledge-base', 'wordnet', 'personal']),
  /** Whether the reading is (now) part of the shared dictionary. */
  stored: z.boolean(),
});
export type SymbolReadingResponse = z.infer<typeof symbolReadingSchema>;

/**
 * `category`: by category, then name (the browsing order); a search puts the exact name first, then names
 * that start with the text, then the rest, each by name. `recent`: newest added or last interpreted first.
 */
export const SYMBOL_SORTS = ['category', 'recent'] as const;
export type SymbolSort = (typeof SYMBOL_SORTS)[number];

/** Blank text counts as absent, so `?q=` and `?category=` list everything. */
const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a single text value` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .refine((v) => !/\p{Cc}/u.test(v), `${field} must not contain control characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * One page of the shared dictionary. The page size is bounded (the dictionary holds hundreds of
 * entries), `category` narrows to one category and `q` searches every symbol's name and associations.
 */
export const symbolListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LIST_SIZES.symbolsMax, `limit must be at most ${LIST_SIZES.symbolsMax}`)
    .default(LIST_SIZES.symbolsDefault),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be at least 0')
    .max(100_000, 'offset must be at most 100000')
    .default(0),
  category: optionalText('category', LIMITS.symbolCategory.max),
  q: optionalText('q', LIMITS.symbol.max),
  sort: z.enum(SYMBOL_SORTS, { error: `sort must be one of: ${SYMBOL_SORTS.join(', ')}` }).default('category'),
});
export type SymbolListQuery = z.infer<typeof symbolListQuerySchema>;

export const symbolCategorySchema = z.object({ category: z.string(), count: z.number().int() });
export type SymbolCategory = z.infer<typeof symbolCategorySchema>;
