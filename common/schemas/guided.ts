import { z } from 'zod';
import { GUIDED } from '../limits';
import { MSG } from '../messages';
import { GUIDED_DIFFICULTIES, GUIDED_TYPES } from '../guided';
import { text } from './text';

const typeSchema = z.enum(GUIDED_TYPES, { error: `contentType must be one of: ${GUIDED_TYPES.join(', ')}` });
const difficultySchema = z.enum(GUIDED_DIFFICULTIES, {
  error: `difficulty must be one of: ${GUIDED_DIFFICULTIES.join(', ')}`,
});

/** A library item as the API returns it (spec part 2 §3, Guided content). */
export const guidedContentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  content: z.string(),
  contentType: z.enum(GUIDED_TYPES),
  difficulty: z.enum(GUIDED_DIFFICULTIES),
  duration: z.number().int(),
  isPremium: z.boolean(),
  /** Shown in the Featured section (beyond the spec's fields). */
  isFeatured: z.boolean(),
  tags: z.array(z.string()),
  createdAt: z.string(),
});
export type GuidedContent = z.infer<typeof guidedContentSchema>;

export const guidedTypeParamsSchema = z.object({
  type: z.enum(GUIDED_TYPES, { error: `type must be one of: ${GUIDED_TYPES.join(', ')}` }),
});

export const personalizedDurationSchema = z
  .number({ error: 'duration must be a number of minutes' })
  .int('duration must be a whole number of minutes')
  .min(GUIDED.durationMin, `duration must be at least ${GUIDED.durationMin} minutes`)
  .max(GUIDED.durationMax, `duration must be at most ${GUIDED.durationMax} minutes`)
  .refine((v) => v % GUIDED.durationStep === 0, `duration must be a multiple of ${GUIDED.durationStep} minutes`);

/**
 * A personalised content request (spec part 2 §3, §5): the focus area is required; type, difficulty
 * and duration fall back to the spec's defaults (meditation, beginner, 15). `userId` is accepted and ignored.
 */
export const personalizedRequestSchema = z.strictObject({
  contentType: typeSchema.default('meditation'),
  difficulty: difficultySchema.default('beginner'),
  focusArea: text({ error: MSG.focusAreaRequired })
    .trim()
    .min(GUIDED.focusArea.min, MSG.focusAreaRequired)
    .max(GUIDED.focusArea.max, `focusArea must be at most ${GUIDED.focusArea.max} characters`),
  duration: personalizedDurationSchema.default(GUIDED.durationDefault),
  preferences: text({ error: 'preferences must be text' })
    .trim()
    .max(GUIDED.preferences.max, `preferences must be at most ${GUIDED.preferences.max} characters`)
    .nullable()
    .optional()
    .transform((v) => v ?? ''),
  userId: z.unknown().optional(),
});
export type PersonalizedRequest = z.output<typeof personalizedRequestSchema>;
export type PersonalizedRequestInput = z.input<typeof personalizedRequestSchema>;

export const personalizedContentSchema = z.object({
  title: z.string(),
  description: z.string(),
  content: z.string(),
  tags: z.array(z.string()),
});
export type PersonalizedContent = z.infer<typeof personalizedContentSchema>;
