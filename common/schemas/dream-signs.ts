import { z } from 'zod';

/** A symbol or motif that recurs across the user's dreams (GET /api/analytics/dream-signs). */
export const dreamSignSchema = z.object({
  kind: z.enum(['symbol', 'motif']),
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  firstSeen: z.string().nullable(),
  lastSeen: z.string().nullable(),
  /** The newest of its dreams (at most LIST_SIZES.dreamSignLinks), newest first. */
  dreamIds: z.array(z.number().int()),
});
export type DreamSignItem = z.infer<typeof dreamSignSchema>;

export const dreamSignsResponseSchema = z.object({
  analysedDreams: z.number().int(),
  /** Dreams still being read in the background; their signs join a later answer. */
  pending: z.number().int(),
  signs: z.array(dreamSignSchema),
});
export type DreamSignsResponse = z.infer<typeof dreamSignsResponseSchema>;

/** A recurring symbol with the words the user's dreams used for it (GET /api/analytics/dream-signs/words). */
export const dreamSignWordSchema = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  forms: z.array(z.string()),
});
export type DreamSignWord = z.infer<typeof dreamSignWordSchema>;

export const dreamSignWordsResponseSchema = z.object({ words: z.array(dreamSignWordSchema) });
