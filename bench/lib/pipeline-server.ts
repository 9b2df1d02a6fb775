// Diagnosis only: the app's real Fastify instance (buildApp: helmet, cookies, origin check, auth hook,
// zod compilers, error handler, every route) plus one extra route, GET /api/bench/hello → {hello:'world'},
// with no database behind it. Measures what the request pipeline costs before any query.
//   node --import tsx bench/lib/pipeline-server.ts   (PORT, HOST from the environment)
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import type { Database } from '../../server/src/db/client';
import type { InterpretationEngine } from '../../server/src/engine/types';
import { loadConfig } from '../../server/src/env';

const noDatabase = new Proxy({} as Database, {
  get() {
    throw new Error('the pipeline benchmark server has no database');
  },
});
const noEngine = new Proxy({} as InterpretationEngine, {
  get() {
    throw new Error('the pipeline benchmark server has no engine');
  },
});

const config = loadConfig();
const app: FastifyInstance = await buildApp({
  config,
  db: noDatabase,
  engine: noEngine,
  clientDir: null,
  logger: { level: 'warn' },
});
app.get('/api/bench/hello', async () => ({ hello: 'world' }));
await app.listen({ port: config.port, host: config.host });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
