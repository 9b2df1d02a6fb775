import { z } from 'zod';

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
