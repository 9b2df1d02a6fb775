import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '@common/schemas/message';
import {
  dreamIdParamsSchema,
  generateBodySchema,
  interpretationSchema,
  recentInterpretationSchema,
} from '@common/schemas/interpretations';
import type { Database } from '../../db/client';
import type { InterpretationEngine } from '../../engine/types';
import { currentUser } from '../../auth/guards';
import { lexiconForReading } from '../lexicon/policy';
import { personalForReading } from '../lexicon/service';
import { loadDreamForReadings } from './policy';
import { generateInterpretation, interpretationHistory, latestInterpretation, recentInterpretation } from './service';
import { presentInterpretation } from './presenter';

const errors = { 400: messageSchema, 401: messageSchema, 404: messageSchema };

export async function interpretationRoutes(
  app: FastifyInstance,
  options: { db: Database; engine: InterpretationEngine },
): Promise<void> {
  const { db, engine } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/interpretations/generate',
    {
      schema: {
        tags: ['interpretations'],
        summary: 'Interpret one of your dreams (again): a new reading; earlier ones stay in its history',
        body: generateBodySchema,
        response: { 201: interpretationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const dream = await loadDreamForReadings(db, user, request.body.dreamId, 'generate');
      const owner = lexiconForReading(user, dream);
      const row = await generateInterpretation(
        db,
        engine,
        dream,
        owner ? (names) => personalForReading(db, engine, owner, names, dream.id) : undefined,
      );
      return reply.code(201).send(presentInterpretation(row));
    },
  );

  r.get(
    '/api/interpretations/dream/:dreamId',
    {
      schema: {
        tags: ['interpretations'],
        summary: "The dream's latest interpretation with the evidence recorded with it, or null",
        params: dreamIdParamsSchema,
        response: { 200: interpretationSchema.nullable(), ...errors },
      },
    },
    async (request) => {
      const dream = await loadDreamForReadings(db, currentUser(request), request.params.dreamId, 'read');
      const row = await latestInterpretation(db, dream.id);
      return row ? presentInterpretation(row) : null;
    },
  );

  r.get(
    '/api/interpretations/dream/:dreamId/history',
    {
      schema: {
        tags: ['interpretations'],
        summary: 'Every reading of the dream, newest first, each with the evidence recorded with it',
        params: dreamIdParamsSchema,
        response: { 200: z.array(interpretationSchema), ...errors },
      },
    },
    async (request) => {
      const dream = await loadDreamForReadings(db, currentUser(request), request.params.dreamId, 'read');
      return (await interpretationHistory(db, dream.id)).map((row) => presentInterpretation(row));
    },
  );

  r.get(
    '/api/interpretations/recent',
    {
      schema: {
        tags: ['interpretations'],
        summary: 'Your most recent interpretation with its dream, or null',
        response: { 200: recentInterpretationSchema, ...errors },
      },
    },
    async (request) => {
      const found = await recentInterpretation(db, currentUser(request).id);
      return found ? { interpretation: presentInterpretation(found.interpretation), dream: found.dream } : null;
    },
  );
}
