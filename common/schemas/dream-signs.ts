import { z } from 'zod';

/** A symbol or motif that recurs across the user's dreams (GET /api/analytics/dream-signs). */
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
export type DreamSignsResponse = z.infer<typeof dreamSignsResponseSchema>;
