import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '@common/schemas/message';
import { idParamsSchema } from '@common/schemas/dreams';
import {
  createIntentionBodySchema,
  intentionSchema,
  previousQuerySchema,
  updateIntentionBodySchema,
} from '@common/schemas/intentions';
import type { Database } from '../../db/client';
import { currentUser } from '../../auth/guards';
import { presentIntention } from './presenter';
import { loadIntention } from './policy';
import { createIntention, previousIntentions, updateIntention } from './service';

const errors = { 400: messageSchema, 401: messageSchema, 404: messageSchema };

export async function intentionRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  const { db } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/intentions',
    {
      schema: {
        tags: ['intentions'],
        summary: 'Set a pre-sleep intention',
        body: createIntentionBodySchema,
        response: { 201: intentionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await createIntention(db, currentUser(request).id, {
        text: request.body.text,
        date: request.body.date,
      });
      return reply.code(201).send(presentIntention(row));
    },
  );

  r.get(
    '/api/intentions/previous',
    {
      schema: {
        tags: ['intentions'],
        summary: 'Previous intentions, newest first',
        querystring: previousQuerySchema,
        response: { 200: z.array(intentionSchema), ...errors },
      },
    },
    async (request) =>
      (await previousIntentions(db, currentUser(request).id, request.query.limit)).map(presentIntention),
  );

  r.get(
    '/api/intentions/:id',
    {
      schema: {
        tags: ['intentions'],
        summary: 'One intention',
        params: idParamsSchema,
        response: { 200: intentionSchema, ...errors },
      },
    },
    async (request) => presentIntention(await loadIntention(db, currentUser(request), request.params.id, 'read')),
  );

  r.patch(
    '/api/intentions/:id',
    {
      schema: {
        tags: ['intentions'],
        summary:
          'Set notes or the outcome (success, failed, or back to pending); completed true/false is success/pending',
        params: idParamsSchema,
        body: updateIntentionBodySchema,
        response: { 200: intentionSchema, ...errors },
      },
    },
    async (request) => {
      const current = await loadIntention(db, currentUser(request), request.params.id, 'change');
      return presentIntention(await updateIntention(db, current, request.body));
    },
  );
}
