import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicUserSchema } from '@common/schemas/auth';
import { messageSchema } from '@common/schemas/message';
import { avatarBodySchema, profileBodySchema } from '@common/schemas/users';
import type { Database } from '../../db/client';
import { currentUser } from '../../auth/guards';
import { presentUser } from './presenter';
import { updateAvatar, updateProfile } from './profile';

/** The signed-in user's own account: profile details and the marble avatar. */
export async function profileRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  const { db } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch(
    '/api/users/profile',
    {
      schema: {
        tags: ['users'],
        summary:
          'Change your username and email, and optionally your password (needs currentPassword; a new password signs out your other sessions)',
        body: profileBodySchema,
        response: { 200: publicUserSchema, 400: messageSchema, 401: messageSchema, 409: messageSchema },
      },
    },
    async (request) => presentUser(await updateProfile(db, currentUser(request), request.sessionToken, request.body)),
  );

  r.patch(
    '/api/users/avatar',
    {
      schema: {
        tags: ['users'],
        summary:
          'Save your marble: avatarElement (type), avatarColor (body #RRGGBB), avatarSymbol (accent pattern), hairColor (accent #RRGGBB), eyeColor (glow #RRGGBB)',
        body: avatarBodySchema,
        response: { 200: publicUserSchema, 400: messageSchema, 401: messageSchema },
      },
    },
    async (request) => presentUser(await updateAvatar(db, currentUser(request), request.sessionToken, request.body)),
  );
}
