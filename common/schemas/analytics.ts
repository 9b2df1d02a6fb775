import { z } from 'zod';
import { LIST_SIZES } from '../limits';

export const topTagsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LIST_SIZES.topTagsMax, `limit must be at most ${LIST_SIZES.topTagsMax}`)
    .default(LIST_SIZES.topTagsDefault),
});

/** One of the user's tags and how many of their dreams carry it. */
export const topTagSchema = z.object({ tag: z.string(), count: z.number().int() });
export type TopTag = z.infer<typeof topTagSchema>;

export const topTagsResponseSchema = z.array(topTagSchema);
