// The benchmarks' processes: the real app (with its bundled PostgreSQL in a throwaway DATA_DIR) and a
// bare Fastify baseline, all on 127.0.0.1, started through the one harness in server/test/app-process.ts.
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/test/net';
import {
  bundledSocketDir,
  cpuTimeMs,
  HOST,
  removeTempDir,
  ROOT,
  spawnApp,
  startNode,
  stopAll,
  waitUntilIdle,
  type AppOptions,
  type NodeProcess,
} from '../../server/test/app-process';

export { cpuTimeMs, ROOT, stopAll, waitUntilIdle };

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopAll().finally(() => process.exit(130));
  });
}

export interface Running {
  baseUrl: string;
  port: number;
  pid: number;
  /** The last lines the process printed (for error messages). */
  output(): string;
  stop(): Promise<void>;
}

export interface RunningApp extends Running {
  dataDir: string;
  /** How long start-up work went on after the app first answered (0 when not awaited). */
  settledMs: number;
  /** node-postgres settings for the app's bundled database (Unix socket, no TCP). */
  pg: { host: string; port: number; user: string; database: string };
}

function running(child: NodeProcess): Running {
  return {
    baseUrl: child.baseUrl,
    port: child.port,
    pid: child.pid,
    output: () => child.output(4000),
    stop: () => child.stop(),
  };
}

/**
 * The real app in production mode, with the bundled PostgreSQL server in a throwaway DATA_DIR and the
 * rate limits off; `entry: 'start'` runs it exactly as `npm start` does (client built when stale).
 * stop() sends SIGTERM (the app closes its pool and stops PostgreSQL), then removes DATA_DIR.
 */
export async function startApp(
  extraEnv: Record<string, string> = {},
  options: Omit<AppOptions, 'env' | 'dataDir'> & {
    /** Wait until the app is idle after start-up (engine loaded, dictionary seeded). Default true. */
    settle?: boolean;
    startTimeoutMs?: number;
  } = {},
): Promise<RunningApp> {
  const app = await spawnApp({
    ...options,
    env: { NODE_ENV: 'production', COOKIE_SECURE: 'false', ...extraEnv },
  });
  const dataDir = app.dataDir ?? '';
  try {
    await app.waitReady('/api/health', options.startTimeoutMs ?? 90_000);
  } catch (err) {
    await app.stop(5_000);
    if (dataDir) await removeTempDir(dataDir);
    throw err;
  }
  const settledMs = options.settle === false ? 0 : await waitUntilIdle(app.pid);
  return {
    ...running(app),
    settledMs,
    dataDir,
    pg: { host: bundledSocketDir(dataDir), port: 5432, user: 'postgres', database: 'dreamtraveler' },
    async stop() {
      await app.stop();
      if (dataDir) await removeTempDir(dataDir);
    },
  };
}

/** The baseline: a bare Fastify server (same fastify package as the app) with GET /hello, in its own process. */
export async function startBareFastify(): Promise<Running> {
  const port = await freePort();
  const code = `
    const fastify = require('fastify')({ logger: false });
    fastify.get('/hello', async () => ({ hello: 'world' }));
    fastify.listen({ port: ${port}, host: '${HOST}' }).catch((err) => { console.error(err); process.exit(1); });
    process.on('SIGTERM', () => fastify.close().then(() => process.exit(0)));`;
  return running(await startNode({ args: ['-e', code], port, readyPath: '/hello', startTimeoutMs: 20_000 }));
}

/** Resident memory of a process in MB (Linux /proc), or null. */
export async function rssMb(pid: number): Promise<number | null> {
  try {
    const { readFile } = await import('node:fs/promises');
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Math.round(Number(kb) / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

/** Diagnosis: the app's Fastify pipeline (buildApp) with an extra GET /api/bench/hello and no database. */
export async function startPipelineServer(): Promise<Running> {
  const port = await freePort();
  const child = await startNode({
    args: ['--import', 'tsx', path.join('bench', 'lib', 'pipeline-server.ts')],
    port,
    readyPath: '/api/bench/hello',
    startTimeoutMs: 30_000,
    env: {
      PORT: String(port),
      HOST,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      COOKIE_SECURE: 'false',
      RATE_LIMIT_MAX: '0',
      DATA_DIR: os.tmpdir(),
    },
  });
  return running(child);
}

/** Machine-wide CPU time so far (ms, all CPUs): busy (user+nice+system+irq+softirq) and stolen by the hypervisor. */
export async function systemCpuMs(): Promise<{ busy: number; steal: number }> {
  const { readFile } = await import('node:fs/promises');
  const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return { busy: (user + nice + system + irq + softirq) * 10, steal: steal * 10 };
}
