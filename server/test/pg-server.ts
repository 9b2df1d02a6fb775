import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startBundledPostgres } from '../src/db/bundled-postgres';

const quietLog = { info: () => undefined, warn: () => undefined };

/**
 * A throwaway PostgreSQL server for one test run, from the same bundled binaries the app uses.
 * Its data lives under os.tmpdir() with mode 755 so the unprivileged postgres user can reach it.
 */
export async function startThrowawayServer(prefix = 'dt-test-') {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await chmod(dir, 0o755);
  const server = await startBundledPostgres({ dataDir: dir, log: quietLog, database: 'postgres' });
  return {
    dir,
    connection: server.connection,
    async stop() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
