// Child processes for the benchmarks: the real app (with its bundled PostgreSQL in a throwaway
// DATA_DIR) and a bare Fastify baseline. Everything listens on 127.0.0.1 only, and every child is
// stopped when the harness exits, however it exits.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/test/net';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const HOST = '127.0.0.1';

/** Children still running, and temp dirs still on disk: cleaned up at exit even after a crash. */
const liveChildren = new Set<ChildProcess>();
const liveDirs = new Set<string>();
let exitHooked = false;

function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.on('exit', () => {
    for (const child of liveChildren) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    for (const dir of liveDirs) rmSync(dir, { recursive: true, force: true });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stopAll().finally(() => process.exit(130));
    });
  }
}

/** Stops every child this module started (the harness calls it on timeouts and at the end). */
export async function stopAll(): Promise<void> {
  await Promise.all([...liveChildren].map((child) => stopChild(child)));
  for (const dir of liveDirs) rmSync(dir, { recursive: true, force: true });
  liveDirs.clear();
}

export { freePort };

/** A throwaway directory under the system temp dir, mode 755 (the bundled server runs as `nobody` under root). */
export function tempDir(prefix: string): string {
  hookExit();
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o755);
  liveDirs.add(dir);
  return dir;
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  liveDirs.delete(dir);
}

async function waitFor(url: string, child: ChildProcess, output: () => string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`process exited during start-up (${child.exitCode ?? child.signalCode}):\n${output()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${ms} ms:\n${output()}`);
}

function stopChild(child: ChildProcess, graceMs = 30_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    liveChildren.delete(child);
    return Promise.resolve();
  }
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      liveChildren.delete(child);
      resolve();
    });
    child.kill('SIGTERM');
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

/** Spawns `node <args>` in the repository root, waits until GET readyPath answers 2xx. */
export async function startNode(
  args: string[],
  options: { env?: Record<string, string>; port: number; readyPath: string; startTimeoutMs?: number },
): Promise<Running> {
  hookExit();
  const chunks: string[] = [];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));
  const remember = (c: Buffer) => {
    chunks.push(c.toString());
    if (chunks.length > 200) chunks.splice(0, chunks.length - 200);
  };
  child.stdout?.on('data', remember);
  child.stderr?.on('data', remember);
  const output = () => chunks.join('').slice(-4000);
  const baseUrl = `http://${HOST}:${options.port}`;
  try {
    await waitFor(`${baseUrl}${options.readyPath}`, child, output, options.startTimeoutMs ?? 90_000);
  } catch (err) {
    await stopChild(child, 5000);
    throw err;
  }
  return { baseUrl, port: options.port, pid: child.pid ?? 0, output, stop: () => stopChild(child) };
}

/** Where the bundled server puts its socket (mirrors socketDirFor in server/src/db/bundled-postgres.ts). */
export function bundledSocketDir(dataDir: string): string {
  const resolved = path.resolve(dataDir);
  const preferred = path.join(resolved, 'run');
  if (path.join(preferred, '.s.PGSQL.5432').length <= 107) return preferred;
  const hash = createHash('sha256').update(resolved).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `dream-traveler-${hash}`);
}

/**
 * The real app as `npm start` runs it (without the client build step), in production mode, on a free
 * port of 127.0.0.1, with the bundled PostgreSQL server in a throwaway DATA_DIR and the rate limits off.
 * stop() sends SIGTERM (the app closes its pool and stops PostgreSQL), then removes DATA_DIR.
 */
export async function startApp(
  extraEnv: Record<string, string> = {},
  options: {
    /** Extra Node flags, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] to profile the app. */
    nodeArgs?: string[];
    /** Wait until the app is idle after start-up (engine loaded, dictionary seeded). Default true. */
    settle?: boolean;
  } = {},
): Promise<RunningApp> {
  const dataDir = tempDir('dt-bench-');
  const port = await freePort();
  let running: Running;
  try {
    running = await startNode([...(options.nodeArgs ?? []), '--import', 'tsx', 'server/src/index.ts'], {
      port,
      readyPath: '/api/health',
      env: {
        PORT: String(port),
        HOST,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '0',
        REGISTRATION_LIMIT: '1000000',
        NODE_ENV: 'production',
        COOKIE_SECURE: 'false',
        ...extraEnv,
      },
    });
  } catch (err) {
    removeTempDir(dataDir);
    throw err;
  }
  const settledMs = options.settle === false ? 0 : await waitUntilIdle(running.pid);
  return {
    ...running,
    settledMs,
    dataDir,
    pg: { host: bundledSocketDir(dataDir), port: 5432, user: 'postgres', database: 'dreamtraveler' },
    async stop() {
      await running.stop();
      removeTempDir(dataDir);
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
  return startNode(['-e', code], { port, readyPath: '/hello', startTimeoutMs: 20_000 });
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
  return startNode(['--import', 'tsx', path.join('bench', 'lib', 'pipeline-server.ts')], {
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
}

/** CPU time (user + system, in ms) used so far by a process and, separately, by all its descendants. */
export async function cpuTimeMs(pid: number): Promise<{ self: number; descendants: number }> {
  const { readdir, readFile } = await import('node:fs/promises');
  const tick = 10; // ms per clock tick (USER_HZ is 100 on Linux)
  const procs = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(entry), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // exited meanwhile
    }
  }
  const tree = new Set([pid]);
  let descendants = 0;
  for (let grew = true; grew;) {
    grew = false;
    for (const [p, s] of procs) {
      if (!tree.has(p) && tree.has(s.ppid)) {
        tree.add(p);
        descendants += s.ticks;
        grew = true;
      }
    }
  }
  return { self: (procs.get(pid)?.ticks ?? 0) * tick, descendants: descendants * tick };
}

/**
 * Waits until a process (and its children, e.g. the bundled PostgreSQL) has been nearly idle for a
 * moment: the app loads its interpretation engine in the background after it starts answering, and a
 * measurement taken meanwhile would measure that instead. Returns how long it waited.
 */
export async function waitUntilIdle(
  pid: number,
  options: { maxMs?: number; windowMs?: number; maxCpuPercent?: number } = {},
): Promise<number> {
  const started = Date.now();
  const maxMs = options.maxMs ?? 90_000;
  const windowMs = options.windowMs ?? 1000;
  const limit = options.maxCpuPercent ?? 10;
  let before = await cpuTimeMs(pid);
  while (Date.now() - started < maxMs) {
    await new Promise((r) => setTimeout(r, windowMs));
    const now = await cpuTimeMs(pid);
    const used = now.self + now.descendants - before.self - before.descendants;
    if ((used / windowMs) * 100 <= limit) return Date.now() - started;
    before = now;
  }
  return Date.now() - started;
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
