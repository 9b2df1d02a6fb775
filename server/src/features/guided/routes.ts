import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@common/messages';
import { messageSchema } from '@common/schemas/message';
import {
  guidedContentSchema,
  guidedTypeParamsSchema,
  personalizedContentSchema,
  personalizedRequestSchema,
} from '@common/schemas/guided';
import type { Database } from '../../db/client';
import type { AppConfig } from '../../env';
import type { InterpretationEngine } from '../../engine/types';
import { currentUser } from '../../auth/guards';
import { forbidden } from '../../lib/http-error';
import { sendSerialized, serialize } from '../../lib/serialized';
import { guidedCachesFor } from './caches';
import { mayUseGuidedLibrary, type GuidedAction } from './policy';
import { presentGuided } from './presenter';
import { listGuided, listGuidedByType, personalise } from './service';

const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema };

export async function guidedRoutes(
  app: FastifyInstance,
  options: { db: Database; engine: InterpretationEngine; ai: AppConfig['ai'] },
): Promise<void> {
  const { db, engine, ai } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The library changes only when it is seeded: its answers are kept serialised (caches.ts).
  const cache = guidedCachesFor(db).library;
  const cachedList = async (reply: FastifyReply, key: string, read: () => Promise<unknown>) => {
    const cached = cache.get(key);
    if (cached) return sendSerialized(reply, cached);
    const epoch = cache.epoch;
    const body = serialize(reply, await read());
    cache.set(key, body, epoch);
    return sendSerialized(reply, body);
  };
  const allowed = (request: Parameters<typeof currentUser>[0], action: GuidedAction) => {
    const user = currentUser(request);
    if (!mayUseGuidedLibrary(user, action)) throw forbidden(MSG.forbidden);
    return user;
  };

  r.get(
    '/api/guided-library',
    {
      schema: {
        tags: ['guided-library'],
        summary: 'Every item of the guided library (meditations, techniques, exercises), by title',
        response: { 200: z.array(guidedContentSchema), ...errors },
      },
    },
    async (request, reply) => {
      allowed(request, 'read-library');
      return cachedList(reply, 'all', async () => (await listGuided(db)).map(presentGuided));
    },
  );

  r.get(
    '/api/guided-library/type/:type',
    {
      schema: {
        tags: ['guided-library'],
        summary: 'The guided library items of one type: meditation, technique or exercise',
        params: guidedTypeParamsSchema,
        response: { 200: z.array(guidedContentSchema), ...errors },
      },
    },
    async (request, reply) => {
      allowed(request, 'read-library');
      const { type } = request.params;
      return cachedList(reply, type, async () => (await listGuidedByType(db, type)).map(presentGuided));
    },
  );

  r.post(
    '/api/guided-library/personalized',
    {
      schema: {
        tags: ['guided-library'],
        summary:
          'A practice script made for the user: sized to the minutes, woven around the focus area, the preferences and their recurring dream signs',
        body: personalizedRequestSchema,
        response: { 200: personalizedContentSchema, ...errors },
      },
    },
    async (request) => {
      const user = allowed(request, 'personalise');
      return personalise({ db, engine, ai, log: request.log }, user, request.body);
    },
  );
}
