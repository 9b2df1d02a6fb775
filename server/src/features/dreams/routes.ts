import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '@common/schemas/message';
import {
  createDreamBodySchema,
  dreamSchema,
  idParamsSchema,
  listQuerySchema,
  recentQuerySchema,
  searchQuerySchema,
  searchResultSchema,
  updateDreamBodySchema,
} from '@common/schemas/dreams';
import type { Database } from '../../db/client';
import { sendSerialized, serialize } from '../../lib/serialized';
import { currentUser } from '../../auth/guards';
import {
  idempotencyKeyOf,
  idempotencyRequest,
  rememberRequestForIdempotency,
  replyWithStoredAnswer,
} from '../../lib/idempotency';
import { loadDream } from './policy';
import { presentDream } from './presenter';
import { recentDreamsCacheFor } from './recent-cache';
import {
  createDream,
  createDreamOnce,
  deleteDream,
  listDreams,
  recentDreams,
  searchDreams,
  updateDream,
} from './service';

const errors = { 400: messageSchema, 401: messageSchema, 404: messageSchema };

export async function dreamRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  const { db } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = recentDreamsCacheFor(db);

  r.post(
    '/api/dreams',
    {
      preValidation: rememberRequestForIdempotency,
      schema: {
        tags: ['dreams'],
        summary: 'Record a dream',
        description:
          'Send an `Idempotency-Key` header (IETF httpapi draft; a UUID, quoted or bare) to make a retry safe: ' +
          'the same key and body again, even at the same time, record one dream and answer it each time ' +
          '(with `Idempotent-Replayed: true` on repeats); the same key with another body is a 422. Keys are per user and kept 24 hours.',
        headers: z.looseObject({ 'idempotency-key': z.string().optional() }),
        body: createDreamBodySchema,
        response: { 201: dreamSchema, ...errors, 409: messageSchema, 422: messageSchema },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const { title, narrative, date, timePeriod, tags, intentionId } = request.body;
      const input = { title, narrative, date, timePeriod, tags, intentionId };
      const key = idempotencyKeyOf(request);
      if (key)
        return replyWithStoredAnswer(reply, await createDreamOnce(db, idempotencyRequest(request, userId, key), input));
      return reply.code(201).send(presentDream(await createDream(db, userId, input)));
    },
  );

  r.get(
    '/api/dreams',
    {
      schema: {
        tags: ['dreams'],
        summary: "The user's dreams in journal order (by the dream's date, then recording time), newest first",
        querystring: listQuerySchema,
        response: { 200: z.array(dreamSchema), ...errors },
      },
    },
    async (request) =>
      (await listDreams(db, currentUser(request).id, request.query.limit, request.query.offset)).map(presentDream),
  );

  r.get(
    '/api/dreams/recent',
    {
      schema: {
        tags: ['dreams'],
        summary: "The user's latest dreams, in journal order",
        querystring: recentQuerySchema,
        response: { 200: z.array(dreamSchema), ...errors },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const { limit } = request.query;
      const cached = cache.body(userId, limit);
      if (cached) return sendSerialized(reply, cached);
      const epoch = cache.epoch;
      const body = serialize(reply, (await recentDreams(db, userId, limit)).map(presentDream));
      cache.setBody(userId, limit, body, epoch);
      return sendSerialized(reply, body);
    },
  );

  r.get(
    '/api/dreams/search',
    {
      schema: {
        tags: ['dreams'],
        summary: 'Full-text search over title, narrative and tags',
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, ...errors },
      },
    },
    async (request) => {
      const { q, limit, offset } = request.query;
      const found = await searchDreams(db, currentUser(request).id, q, limit, offset);
      return {
        total: found.total,
        totalExact: found.totalExact,
        results: found.results.map((r) => ({ ...r, dream: presentDream(r.dream) })),
      };
    },
  );

  r.get(
    '/api/dreams/:id',
    {
      schema: {
        tags: ['dreams'],
        summary: 'One dream',
        params: idParamsSchema,
        response: { 200: dreamSchema, ...errors },
      },
    },
    async (request) => presentDream(await loadDream(db, currentUser(request), request.params.id, 'read')),
  );

  r.patch(
    '/api/dreams/:id',
    {
      schema: {
        tags: ['dreams'],
        summary: 'Edit a dream',
        params: idParamsSchema,
        body: updateDreamBodySchema,
        response: { 200: dreamSchema, ...errors },
      },
    },
    async (request) => {
      const { title, narrative, date, timePeriod, tags, intentionId } = request.body;
      const current = await loadDream(db, currentUser(request), request.params.id, 'change');
      const dream = await updateDream(db, current, {
        title,
        narrative,
        date,
        timePeriod,
        tags,
        intentionId,
      });
      return presentDream(dream);
    },
  );

  r.delete(
    '/api/dreams/:id',
    {
      schema: {
        tags: ['dreams'],
        summary: 'Delete a dream',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await deleteDream(db, await loadDream(db, currentUser(request), request.params.id, 'delete'));
      return { message: 'Dream deleted' };
    },
  );
}
