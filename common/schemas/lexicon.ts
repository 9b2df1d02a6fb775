import { z } from 'zod';
import { LIMITS } from '../limits';
import { MSG } from '../messages';
import { EMPTY_SYMBOL_MESSAGE } from './symbols';
import { text } from './text';

/**
 * The personal symbol lexicon (/api/lexicon): for each symbol, how it has felt in the dreamer's own
 * dreams (learned from their saved analyses) and what they wrote it means to them. Private to its owner.
 */

export const PERSONAL_FEELINGS = ['dread', 'unease', 'calm', 'ease', 'delight'] as const;

/** A symbol named in a path: trimmed, lower case, no control characters. */
export const lexiconSymbolParamsSchema = z.object({
  symbol: text({ error: EMPTY_SYMBOL_MESSAGE })
    .trim()
    .min(LIMITS.symbol.min, EMPTY_SYMBOL_MESSAGE)
    .max(LIMITS.symbol.max, `symbol must be at most ${LIMITS.symbol.max} characters`)
    .refine((v) => !/\p{Cc}/u.test(v), 'symbol must not contain control characters')
    .transform((v) => v.toLowerCase().replace(/\s+/g, ' ')),
});

export const personalMeaningBodySchema = z.strictObject({
  meaning: text({ error: MSG.personalMeaningRequired })
    .trim()
    .min(LIMITS.personalMeaning.min, MSG.personalMeaningRequired)
    .max(LIMITS.personalMeaning.max, MSG.personalMeaningTooLong),
});
export type PersonalMeaningBody = z.infer<typeof personalMeaningBodySchema>;

export const lexiconEntrySchema = z.object({
  symbol: z.string(),
  /** The dictionary category when the knowledge base knows the symbol. */
  category: z.string().nullable(),
  /** What the dreamer wrote it means to them; null when they have not. */
  meaning: z.string().nullable(),
  meaningUpdatedAt: z.string().nullable(),
  /** How many of their dreams (with a current analysis) hold it. */
  dreams: z.number().int(),
  /** The feeling most of those dreams had where it appears, and in how many. */
  tone: z.object({ feeling: z.enum(PERSONAL_FEELINGS), count: z.number().int() }).nullable(),
  /** Symbols it most often appears with. */
  companions: z.array(z.string()),
  /** Titles of the latest dreams that hold it. */
  recent: z.array(z.string()),
});
export type LexiconEntry = z.infer<typeof lexiconEntrySchema>;

export const lexiconResponseSchema = z.object({
  /** Dreams whose analyses the learned part draws on; fewer than the journal while some are still being read. */
  analysedDreams: z.number().int(),
  entries: z.array(lexiconEntrySchema),
});
export type LexiconResponse = z.infer<typeof lexiconResponseSchema>;

export const lexiconDreamParamsSchema = z.object({
  dreamId: z.coerce
    .number({ error: 'dreamId must be a number' })
    .int('dreamId must be a whole number')
    .positive('dreamId must be positive'),
});

export const dreamLexiconResponseSchema = z.object({ entries: z.array(lexiconEntrySchema) });
