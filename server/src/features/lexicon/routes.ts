import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dreamLexiconResponseSchema,
  lexiconDreamParamsSchema,
  lexiconEntrySchema,
  lexiconResponseSchema,
  lexiconSymbolParamsSchema,
  personalMeaningBodySchema,
} from '@common/schemas/lexicon';
import { messageSchema } from '@common/schemas/message';
import type { Database } from '../../db/client';
import type { InterpretationEngine } from '../../engine/types';
import { currentUser } from '../../auth/guards';
import { loadDream } from '../dreams/policy';
import { toEngineDream } from '../interpretations/service';
import { lexiconForReading, ownLexicon } from './policy';
import { clearMeaning, lexiconEntry, lexiconForDream, listLexicon, setMeaning } from './service';

const errors = { 400: messageSchema, 401: messageSchema };

/** The signed-in user's own lexicon; there is no way to name another user's (policy.ts). */
export async function lexiconRoutes(
  app: FastifyInstance,
  options: { db: Database; engine: InterpretationEngine },
): Promise<void> {
  const { db, engine } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/lexicon',
    {
      schema: {
        tags: ['lexicon'],
        summary:
          'Your personal symbol lexicon: the meanings you wrote and how your recurring symbols feel in your own dreams',
        response: { 200: lexiconResponseSchema, ...errors },
      },
    },
    async (request) => listLexicon(db, engine, ownLexicon(currentUser(request))),
  );

  r.get(
    '/api/lexicon/dreams/:dreamId',
    {
      schema: {
        tags: ['lexicon'],
        summary: 'The symbols of one of your dreams, each with your meaning for it and how it has felt in your dreams',
        params: lexiconDreamParamsSchema,
        response: { 200: dreamLexiconResponseSchema, 404: messageSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const dream = await loadDream(db, user, request.params.dreamId, 'read');
      const owner = lexiconForReading(user, dream);
      return { entries: owner ? await lexiconForDream(db, engine, owner, toEngineDream(dream)) : [] };
    },
  );

  r.get(
    '/api/lexicon/:symbol',
    {
      schema: {
        tags: ['lexicon'],
        summary: 'One symbol of your lexicon: your meaning for it and how it has felt in your dreams',
        params: lexiconSymbolParamsSchema,
        response: { 200: lexiconEntrySchema, ...errors },
      },
    },
    async (request) => lexiconEntry(db, engine, ownLexicon(currentUser(request)), request.params.symbol),
  );

  r.put(
    '/api/lexicon/:symbol',
    {
      schema: {
        tags: ['lexicon'],
        summary: 'Write what a symbol means to you; later readings use it before the general meaning',
        params: lexiconSymbolParamsSchema,
        body: personalMeaningBodySchema,
        response: { 200: lexiconEntrySchema, ...errors },
      },
    },
    async (request) =>
      setMeaning(db, engine, ownLexicon(currentUser(request)), request.params.symbol, request.body.meaning),
  );

  r.delete(
    '/api/lexicon/:symbol',
    {
      schema: {
        tags: ['lexicon'],
        summary: 'Remove your meaning for a symbol (what your dreams show about it stays)',
        params: lexiconSymbolParamsSchema,
        response: { 200: z.object({ deleted: z.literal(true) }), 404: messageSchema, ...errors },
      },
    },
    async (request) => {
      await clearMeaning(db, ownLexicon(currentUser(request)), request.params.symbol);
      return { deleted: true as const };
    },
  );
}
