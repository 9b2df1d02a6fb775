import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminStatsSchema,
  adminUpdateUserBodySchema,
  adminUsersQuerySchema,
  adminUsersSchema,
  moderationBodySchema,
  moderationKindSchema,
  reportedItemsSchema,
  systemInfoSchema,
} from '@common/schemas/admin';
import { publicUserSchema } from '@common/schemas/auth';
import { idParamsSchema } from '@common/schemas/dreams';
import { messageSchema } from '@common/schemas/message';
import type { Database } from '../../db/client';
import { currentUser, requireAdmin } from '../../auth/guards';
import { findUserById } from '../users/service';
import { moderate, reportedItems } from '../social/service';
import { allowedUserChange, assertMayDeleteUser } from './policy';
import { adminStats, adminUsers, changeUser, databaseConnected, removeUser, userNotFound } from './service';

const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema };
const tags = ['admin'];

export interface AdminRouteOptions {
  db: Database;
  /** NODE_ENV, for the System tab. */
  environment: string;
  version: string;
}

/** The admin dashboard's calls. Every route is behind requireAdmin (401 visitor, 403 non-admin). */
export async function adminRoutes(app: FastifyInstance, options: AdminRouteOptions): Promise<void> {
  const { db } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireAdmin);

  r.get(
    '/api/admin/stats',
    { schema: { tags, summary: 'Counts and the newest users', response: { 200: adminStatsSchema, ...errors } } },
    async () => adminStats(db),
  );

  r.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        summary: 'Users, newest first, one page, optionally searched by username or email',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersSchema, ...errors },
      },
    },
    async (request) => adminUsers(db, request.query),
  );

  r.patch(
    '/api/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'Change a user’s username, email or admin role (isSuperAdmin: the super admin only)',
        params: idParamsSchema,
        body: adminUpdateUserBodySchema,
        response: { 200: publicUserSchema, ...errors, 409: messageSchema },
      },
    },
    async (request) => {
      const target = await findUserById(db, request.params.id);
      if (!target) throw userNotFound();
      const change = allowedUserChange(currentUser(request), target, request.body);
      return changeUser(db, target.id, change);
    },
  );

  r.delete(
    '/api/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'Delete a user and all their data',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const target = await findUserById(db, request.params.id);
      if (!target) throw userNotFound();
      assertMayDeleteUser(currentUser(request), target);
      await removeUser(db, target.id);
      return { message: 'User has been deleted successfully' };
    },
  );

  r.get(
    '/api/admin/system',
    { schema: { tags, summary: 'Version, environment, database', response: { 200: systemInfoSchema, ...errors } } },
    async (request) => ({
      version: options.version,
      environment: options.environment,
      databaseConnected: await databaseConnected(db),
      currentAdmin: currentUser(request).username,
    }),
  );

  r.get(
    '/api/admin/reports',
    {
      schema: {
        tags,
        summary: 'Reported and hidden shared dreams and comments (the Moderation tab)',
        response: { 200: reportedItemsSchema, ...errors },
      },
    },
    async () => ({ items: await reportedItems(db) }),
  );

  r.post(
    '/api/admin/moderation/:kind/:id',
    {
      schema: {
        tags,
        summary: 'Hide, restore or dismiss the reports of a shared dream or comment',
        params: moderationKindSchema,
        body: moderationBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await moderate(db, { kind: request.params.kind, id: request.params.id }, request.body.action);
      return { message: 'Done' };
    },
  );
}
