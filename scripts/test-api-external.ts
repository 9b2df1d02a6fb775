// Runs the API suite a second time against a PostgreSQL server started separately and reached
// only through DATABASE_URL over TCP, the way an operator's own server would be.
import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startBundledPostgres } from '../server/src/db/bundled-postgres';
import { freePort } from '../server/test/net';

const dir = await mkdtemp(path.join(os.tmpdir(), 'dt-external-pg-'));
await chmod(dir, 0o755);
const port = await freePort();
const server = await startBundledPostgres({
  dataDir: dir,
  database: 'postgres',
  tcpPort: port,
  log: { info: () => undefined, warn: (o, m) => console.warn(m, o) },
});
let status = 1;
try {
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(`API suite against an external PostgreSQL server at ${url}`);
  const result = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--project', 'api', ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: url },
    },
  );
  status = result.status ?? 1;
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
process.exit(status);
