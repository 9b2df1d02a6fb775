import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';

const healthSchema = z.object({ status: z.enum(['ok', 'error']), db: z.enum(['ok', 'unreachable']) });

export async function healthRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      try {
        await options.db.execute(sql`select 1`);
        return { status: 'ok' as const, db: 'ok' as const };
      } catch (err) {
        request.log.warn({ err }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error', db: 'unreachable' });
      }
    },
  );
}
