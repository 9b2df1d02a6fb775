import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '@common/schemas/auth';
import {
  dreamSymbolSchema,
  interpretSymbolBodySchema,
  symbolListQuerySchema,
  symbolReadingSchema,
} from '@common/schemas/interpretations';
import type { Database } from '../../db/client';
import type { InterpretationEngine } from '../../engine/types';
import { interpretSymbol, listSymbols, presentSymbol } from './service';

const errors = { 400: messageSchema, 401: messageSchema };

export async function symbolRoutes(
  app: FastifyInstance,
  options: { db: Database; engine: InterpretationEngine },
): Promise<void> {
  const { db, engine } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/dream-symbols',
    {
      schema: {
        tags: ['symbols'],
        summary: 'The shared dream symbol dictionary, by category and name',
        querystring: symbolListQuerySchema,
        response: { 200: z.array(dreamSymbolSchema), ...errors },
      },
    },
    async (request) => (await listSymbols(db, request.query.limit, request.query.offset)).map(presentSymbol),
  );

  r.post(
    '/api/dream-symbols/interpret',
    {
      schema: {
        tags: ['symbols'],
        summary: 'Interpret a symbol: from the dictionary, the knowledge base, WordNet, or as a personal symbol',
        body: interpretSymbolBodySchema,
        response: { 200: symbolReadingSchema, ...errors },
      },
    },
    async (request) => interpretSymbol(db, engine, request.body.symbol),
  );
}
