import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { format } from 'date-fns';
import { HTTP } from '@common/limits';
import { messageSchema } from '@common/schemas/message';
import { exportQuerySchema, importBodySchema, importResultSchema } from '@common/schemas/transfer';
import type { Database } from '../../db/client';
import { currentUser } from '../../auth/guards';
import { renderMarkdown } from './markdown';
import { exportJournal, importJournal } from './service';

export async function transferRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  const { db } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/export',
    {
      schema: {
        tags: ['journal'],
        summary: 'Download all your dreams and intentions (json: lossless, versioned; markdown: readable)',
        querystring: exportQuerySchema,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const data = await exportJournal(db, user.id);
      const base = `dream-journal-${user.username}-${format(new Date(), 'yyyy-MM-dd')}`;
      reply.header('Cache-Control', 'no-store');
      if (request.query.format === 'markdown') {
        reply.header('Content-Disposition', `attachment; filename="${base}.md"`);
        return reply.type('text/markdown; charset=utf-8').send(renderMarkdown(data, request.query.timeZone));
      }
      reply.header('Content-Disposition', `attachment; filename="${base}.json"`);
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(data, null, 2));
    },
  );

  r.post(
    '/api/import',
    {
      bodyLimit: HTTP.importBodyLimitBytes,
      schema: {
        tags: ['journal'],
        summary:
          'Import a JSON or Markdown export or a CSV (date,title,narrative,tags); dryRun previews; timeZone places calendar dates; dateOrder answers a CSV whose day/month order is open',
        body: importBodySchema,
        response: { 200: importResultSchema, 400: messageSchema, 401: messageSchema },
      },
    },
    async (request) => importJournal(db, currentUser(request).id, request.body),
  );
}
