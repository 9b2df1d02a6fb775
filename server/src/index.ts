import pino from 'pino';
import { SESSION } from '@common/limits';
import { buildApp } from './app';
import { openDatabase, runMigrations } from './db/client';
import { createEngine } from './engine';
import { seedGuidedLibrary, seedSymbolDictionary } from './seed/reference';
import { loadConfig } from './env';
import { deleteExpiredSessions } from './auth/sessions';
import { pruneIdempotencyKeys } from './lib/idempotency';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  let closing = false;
  try {
    await runMigrations(database.db);
    const guided = await seedGuidedLibrary(database.db);
    if (guided.added || guided.updated || guided.removed)
      log.info(guided, 'guided library seeded from its content files');
  } catch (err) {
    await database.close();
    throw err;
  }

  // The engine loads in the background: the app answers at once, and a request that needs the
  // engine waits for it. The symbol dictionary is seeded from its knowledge base once it is ready.
  const engine = createEngine({ provider: config.ai.provider, openai: config.ai.openai, log });
  seedSymbolDictionary(database.db, engine)
    .then(({ added, updated }) => {
      if (added || updated) log.info({ added, updated }, 'symbol dictionary seeded from the knowledge base');
    })
    .catch((err: unknown) => log.error({ err }, 'the interpretation engine failed to load'));

  const app = await buildApp({ config, db: database.db, engine, loggerInstance: log });
  const pruneKeys = () =>
    pruneIdempotencyKeys(database.db).catch((err: unknown) => log.warn({ err }, 'idempotency-key cleanup failed'));
  void pruneKeys();
  const cleanup = setInterval(() => {
    deleteExpiredSessions(database.db).catch((err: unknown) => log.warn({ err }, 'expired-session cleanup failed'));
    void pruneKeys();
  }, SESSION.cleanupIntervalMs);
  cleanup.unref();

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    clearInterval(cleanup);
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 25_000);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await database.close(); // closes the pool, then stops the bundled server
      log.info('shutdown complete');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    log.error({ err }, `could not listen on ${config.host}:${config.port}`);
    await database.close();
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  // Start-up failures (DATA_DIR, lock, PostgreSQL) carry a message written for the operator.
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
