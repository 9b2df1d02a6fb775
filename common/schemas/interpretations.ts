import { z } from 'zod';
import { LIMITS } from '../limits';
import { MSG } from '../messages';

export const interpretationSchema = z.object({
  id: z.number().int(),
  dreamId: z.number().int(),
  content: z.string(),
  provider: z.string(),
  createdAt: z.string(),
});
export type Interpretation = z.infer<typeof interpretationSchema>;

export const generateBodySchema = z.strictObject({
  dreamId: z.number({ error: 'dreamId must be a number' }).int().positive(),
  userId: z.unknown().optional(),
});

export const dreamIdParamsSchema = z.object({
  dreamId: z.coerce.number({ error: 'dreamId must be a number' }).int().positive().max(2_147_483_647),
});

export const recentInterpretationSchema = z
  .object({
    interpretation: interpretationSchema,
    dream: z.object({ id: z.number().int(), title: z.string() }),
  })
  .nullable();
export type RecentInterpretation = z.infer<typeof recentInterpretationSchema>;

export const dreamSignSchema = z.object({
  kind: z.enum(['symbol', 'motif']),
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  firstSeen: z.string().nullable(),
  lastSeen: z.string().nullable(),
  dreamIds: z.array(z.number().int()),
});
export type DreamSignItem = z.infer<typeof dreamSignSchema>;

export const dreamSignsResponseSchema = z.object({
  analysedDreams: z.number().int(),
  signs: z.array(dreamSignSchema),
});

export const EMPTY_SYMBOL_MESSAGE = MSG.emptySymbol;

export const interpretSymbolBodySchema = z.strictObject({
  symbol: z
    .string({ error: EMPTY_SYMBOL_MESSAGE })
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

export const symbolListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be at least 1')
    .max(1000, 'limit must be at most 1000')
    .default(50),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int()
    .min(0, 'offset must be at least 0')
    .max(1_000_000)
    .default(0),
});
