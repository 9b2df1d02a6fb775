import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { topTagsQuerySchema, topTagsResponseSchema } from '@common/schemas/analytics';
import { messageSchema } from '@common/schemas/message';
import { dreamSignsResponseSchema, dreamSignWordsResponseSchema } from '@common/schemas/dream-signs';
import type { Database } from '../../db/client';
import type { InterpretationEngine } from '../../engine/types';
import { currentUser } from '../../auth/guards';
import { dreamSigns, dreamSignWords } from './dream-signs';
import { topTags } from './service';

export async function analyticsRoutes(
  app: FastifyInstance,
  options: { db: Database; engine: InterpretationEngine },
): Promise<void> {
  const { db, engine } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/analytics/dream-signs',
    {
      schema: {
        tags: ['analytics'],
        summary:
          'Your recurring symbols and motifs (dream signs) with counts, first/last seen and the dreams they appear in',
        response: { 200: dreamSignsResponseSchema, 401: messageSchema },
      },
    },
    async (request) => dreamSigns(db, engine, currentUser(request).id),
  );

  r.get(
    '/api/analytics/dream-signs/words',
    {
      schema: {
        tags: ['analytics'],
        summary:
          'Your recurring symbols with the words your dreams used for them, for highlighting dream signs while you write',
        response: { 200: dreamSignWordsResponseSchema, 401: messageSchema },
      },
    },
    async (request) => ({ words: await dreamSignWords(db, engine, currentUser(request).id) }),
  );

  r.get(
    '/api/analytics/top-tags',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Your most used tags with how many of your dreams carry each, most frequent first',
        querystring: topTagsQuerySchema,
        response: { 200: topTagsResponseSchema, 400: messageSchema, 401: messageSchema },
      },
    },
    async (request) => topTags(db, currentUser(request).id, request.query.limit),
  );
}
