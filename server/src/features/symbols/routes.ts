import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '@common/schemas/message';
import {
  dreamSymbolSchema,
  interpretSymbolBodySchema,
  symbolCategorySchema,
  symbolListQuerySchema,
  symbolReadingSchema,
} from '@common/schemas/symbols';
import type { Database } from '../../db/client';
import type { InterpretationEngine } from '../../engine/types';
import { presentSymbol } from './presenter';
import { interpretSymbol, listCategories, listSymbols } from './service';

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
        summary:
          'One page of the shared dream symbol dictionary (by category and name, or newest first), optionally one category or a search',
        querystring: symbolListQuerySchema,
        response: { 200: z.array(dreamSymbolSchema), ...errors },
      },
    },
    async (request) => (await listSymbols(db, request.query)).map(presentSymbol),
  );

  r.get(
    '/api/dream-symbols/categories',
    {
      schema: {
        tags: ['symbols'],
        summary: 'The categories of the symbol dictionary with the number of symbols in each',
        response: { 200: z.array(symbolCategorySchema), ...errors },
      },
    },
    async () => listCategories(db),
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
