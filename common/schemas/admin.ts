import { z } from 'zod';
import { COMMUNITY } from '../limits';
import { emailSchema, publicUserSchema, usernameSchema } from './auth';
import { text } from './text';

/** The admin dashboard's calls (spec part 2 §3, §7; decisions: super admin, reports and moderation). */

export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalDreams: z.number().int(),
  totalInterpretations: z.number().int(),
  recentUsers: z.array(publicUserSchema),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const adminUsersQuerySchema = z.object({
  q: text().trim().max(100, 'q must be at most 100 characters').optional(),
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int()
    .min(1, 'page must be at least 1')
    .max(1_000_000)
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be at least 1')
    .max(COMMUNITY.adminUsersMaxPageSize, `limit must be at most ${COMMUNITY.adminUsersMaxPageSize}`)
    .default(COMMUNITY.adminUsersPageSize),
});

export const adminUsersSchema = z.object({
  users: z.array(publicUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type AdminUsers = z.infer<typeof adminUsersSchema>;

/** isSuperAdmin is honoured for the super admin only; for other admins it is removed (spec part 2 §6). */
export const adminUpdateUserBodySchema = z.strictObject({
  username: usernameSchema.optional(),
  email: emailSchema.optional(),
  isAdmin: z.boolean({ error: 'isAdmin must be true or false' }).optional(),
  isSuperAdmin: z.boolean({ error: 'isSuperAdmin must be true or false' }).optional(),
});
export type AdminUpdateUserBody = z.infer<typeof adminUpdateUserBodySchema>;

export const systemInfoSchema = z.object({
  version: z.string(),
  environment: z.string(),
  databaseConnected: z.boolean(),
  currentAdmin: z.string(),
});
export type SystemInfo = z.infer<typeof systemInfoSchema>;

export const MODERATION_ACTIONS = ['hide', 'restore', 'dismiss'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const moderationBodySchema = z.strictObject({
  action: z.enum(MODERATION_ACTIONS, { error: `action must be one of: ${MODERATION_ACTIONS.join(', ')}` }),
});

export const moderationKindSchema = z.object({
  kind: z.enum(['dream', 'comment'], { error: 'kind must be dream or comment' }),
  id: z.coerce.number({ error: 'id must be a number' }).int().positive('id must be positive').max(2_147_483_647),
});

export const reportedItemSchema = z.object({
  kind: z.enum(['dream', 'comment']),
  id: z.number().int(),
  /** The shared dream the item is (or sits under), for a link. */
  sharedDreamId: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  author: z.string(),
  isAnonymous: z.boolean(),
  isHidden: z.boolean(),
  openReports: z.number().int(),
  lastReportedAt: z.string(),
});
export type ReportedItem = z.infer<typeof reportedItemSchema>;
export const reportedItemsSchema = z.object({ items: z.array(reportedItemSchema) });
