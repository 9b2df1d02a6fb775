import { z } from 'zod';
import { LIMITS, LIST_SIZES } from '../limits';
import { MSG } from '../messages';
import { text } from './text';

/** How an intention turned out: not yet said (pending), it worked (success) or it did not (failed). */
export const INTENTION_OUTCOMES = ['pending', 'success', 'failed'] as const;
export type IntentionOutcome = (typeof INTENTION_OUTCOMES)[number];

/** An intention's text: trimmed, 1–500 characters (the API, the import and the intentions form). */
export const intentionTextSchema = text({ error: MSG.intentionRequired })
  .trim()
  .min(LIMITS.intentionText.min, MSG.intentionRequired)
  .max(LIMITS.intentionText.max, `Intention text must be at most ${LIMITS.intentionText.max} characters`);

/** Notes on how it went: at most 5,000 characters, null for none. */
export const intentionNotesSchema = text({ error: 'notes must be text' })
  .max(LIMITS.intentionNotes.max, `Notes must be at most ${LIMITS.intentionNotes.max} characters`)
  .nullable();

export const createIntentionBodySchema = z.strictObject({
  text: intentionTextSchema,
  date: text()
    .max(100)
    .nullable()
    .optional()
    .transform((value) => {
      const parsed = value ? new Date(value) : new Date();
      return Number.isNaN(parsed.getTime()) ? new Date() : parsed;
    }),
  userId: z.unknown().optional(),
});
export type CreateIntentionBody = z.input<typeof createIntentionBodySchema>;

export const updateIntentionBodySchema = z
  .strictObject({
    notes: intentionNotesSchema.optional(),
    /** The spec's flag: true is the success outcome, false sets it back to pending. */
    completed: z.boolean({ error: 'completed must be true or false' }).optional(),
    outcome: z
      .enum(INTENTION_OUTCOMES, { error: `outcome must be one of: ${INTENTION_OUTCOMES.join(', ')}` })
      .optional(),
  })
  .refine(
    (body) =>
      body.outcome === undefined || body.completed === undefined || body.completed === (body.outcome === 'success'),
    { message: MSG.intentionOutcomeConflict },
  )
  .transform(({ completed, outcome, notes }) => ({
    notes,
    outcome: outcome ?? (completed === undefined ? undefined : completed ? ('success' as const) : ('pending' as const)),
  }));
export type UpdateIntentionBody = z.input<typeof updateIntentionBodySchema>;

export const intentionSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  text: z.string(),
  date: z.string(),
  /** Whether the outcome is success (kept for the spec's readers). */
  completed: z.boolean(),
  outcome: z.enum(INTENTION_OUTCOMES),
  dreamId: z.number().int().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type Intention = z.infer<typeof intentionSchema>;

export const previousQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be at least 1')
    .max(LIST_SIZES.previousIntentionsMax, `limit must be at most ${LIST_SIZES.previousIntentionsMax}`)
    .default(LIST_SIZES.previousIntentionsDefault),
});
