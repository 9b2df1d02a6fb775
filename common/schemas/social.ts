import { z } from 'zod';
import { COMMUNITY } from '../limits';
import { MSG } from '../messages';
import { ignoredUserId } from './auth';
import { dreamTagsSchema } from './dreams';
import { text } from './text';

/*
 * The community: shared dreams, likes, comments and reports (spec part 1 §7 Sharing, part 2 §3, §7).
 * A poster's identity (`user`) is null for an anonymous item unless the reader is its author or an admin.
 */

const positiveId = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .positive(`${field} must be positive`)
    .max(2_147_483_647, `${field} is too large`);

export const sharedTitleSchema = text({ error: MSG.titleRequired })
  .trim()
  .min(COMMUNITY.sharedTitle.min, MSG.titleRequired)
  .max(COMMUNITY.sharedTitle.max, MSG.titleTooLong);

export const sharedContentSchema = text({ error: MSG.sharedContentRequired })
  .trim()
  .min(COMMUNITY.sharedContent.min, MSG.sharedContentRequired)
  .max(COMMUNITY.sharedContent.max, MSG.sharedContentTooLong);

export const sharedInterpretationSchema = text()
  .trim()
  .max(COMMUNITY.interpretation.max, MSG.interpretationTooLong)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

export const shareDreamBodySchema = z.strictObject({
  dreamId: positiveId('dreamId'),
  userId: ignoredUserId,
  title: sharedTitleSchema,
  content: sharedContentSchema,
  interpretation: sharedInterpretationSchema,
  tags: dreamTagsSchema.default([]),
  isAnonymous: z.boolean({ error: 'isAnonymous must be true or false' }).default(false),
});
export type ShareDreamBody = z.input<typeof shareDreamBodySchema>;

export const sharedStatusSchema = z.object({ isShared: z.boolean(), sharedDreamId: z.number().int().nullable() });
export type SharedStatus = z.infer<typeof sharedStatusSchema>;

/** Who posted an item, as others may see it: never the email, never a flag. */
export const posterSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatarColor: z.string(),
  avatarElement: z.string(),
  avatarSymbol: z.string(),
  hairColor: z.string(),
  eyeColor: z.string(),
  profileImageUrl: z.string().nullable(),
});
export type Poster = z.infer<typeof posterSchema>;

export const sharedDreamSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  interpretation: z.string().nullable(),
  tags: z.array(z.string()),
  createdAt: z.string(),
  isAnonymous: z.boolean(),
  /** Only ever true for its author and admins (others do not receive hidden items). */
  isHidden: z.boolean(),
  /** The reader posted it (no Report button; Delete). */
  isOwner: z.boolean(),
});
export type SharedDream = z.infer<typeof sharedDreamSchema>;

export const feedItemSchema = z.object({
  sharedDream: sharedDreamSchema,
  user: posterSchema.nullable(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  userHasLiked: z.boolean(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

export const feedResponseSchema = z.object({
  sharedDreams: z.array(feedItemSchema),
  totalPages: z.number().int(),
  page: z.number().int(),
  total: z.number().int(),
});
export type FeedResponse = z.infer<typeof feedResponseSchema>;

export const feedQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(1_000_000, 'page is too large')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(COMMUNITY.feedMaxPageSize, `limit must be at most ${COMMUNITY.feedMaxPageSize}`)
    .default(COMMUNITY.feedPageSize),
});

/** Toggles the like; with `liked`, sets that state instead (a double click then changes nothing). */
export const likeBodySchema = z.strictObject({
  sharedDreamId: positiveId('sharedDreamId'),
  userId: ignoredUserId,
  liked: z.boolean({ error: 'liked must be true or false' }).optional(),
});
export type LikeBody = z.input<typeof likeBodySchema>;

export const likeResultSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type LikeResult = z.infer<typeof likeResultSchema>;

export const commentContentSchema = text({ error: MSG.commentEmpty })
  .trim()
  .min(COMMUNITY.comment.min, MSG.commentEmpty)
  .max(COMMUNITY.comment.max, MSG.commentTooLong);

export const commentBodySchema = z.strictObject({
  sharedDreamId: positiveId('sharedDreamId'),
  userId: ignoredUserId,
  content: commentContentSchema,
  isAnonymous: z.boolean({ error: 'isAnonymous must be true or false' }).default(false),
});
export type CommentBody = z.input<typeof commentBodySchema>;

export const commentSchema = z.object({
  id: z.number().int(),
  sharedDreamId: z.number().int(),
  content: z.string(),
  isAnonymous: z.boolean(),
  isHidden: z.boolean(),
  isOwner: z.boolean(),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentItemSchema = z.object({ comment: commentSchema, user: posterSchema.nullable() });
export type CommentItem = z.infer<typeof commentItemSchema>;

export const commentListSchema = z.object({ comments: z.array(commentItemSchema) });
export type CommentList = z.infer<typeof commentListSchema>;
