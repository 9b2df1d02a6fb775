// The one harness for "start a Node process (usually the app) on a free port of 127.0.0.1 and wait
// until it answers": used by the process API tests, the benchmarks and the Lighthouse run. Children
// and throwaway DATA_DIRs are cleaned up when the caller exits, however it exits.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './net';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const HOST = '127.0.0.1';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

const liveProcesses = new Set<NodeProcess>();
const liveDirs = new Set<string>();
let exitHooked = false;

function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.on('exit', () => {
    for (const child of liveProcesses) if (child.running) child.child.kill('SIGTERM');
    for (const dir of liveDirs) rmSync(dir, { recursive: true, force: true });
  });
}

/** Stops every process this module started and removes every throwaway directory it made. */
export async function stopAll(): Promise<void> {
  await Promise.all([...liveProcesses].map((child) => child.stop()));
  for (const dir of liveDirs) rmSync(dir, { recursive: true, force: true });
  liveDirs.clear();
}

/** Polls `check` until it returns a value other than undefined, or throws after `ms`. */
export async function pollUntil<T>(
  what: string,
  ms: number,
  check: () => Promise<T | undefined>,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A throwaway directory under the system temp dir, mode 755 (the bundled server runs as `nobody` under root). */
export function makeTempDir(prefix: string): string {
  hookExit();
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o755);
  liveDirs.add(dir);
  return dir;
}

/** PIDs of processes whose command line mentions `needle` (the bundled postmaster names its DATA_DIR). */
export async function processesMentioning(needle: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    const cmd = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmd.replaceAll('\0', ' ').includes(needle)) found.push(pid);
  }
  return found;
}

/**
 * Removes a throwaway DATA_DIR once nothing runs in it any more: a postmaster orphaned by a killed app
 * shuts itself down (parent-death signal), so it is waited for, and killed only if it lingers.
 */
export async function removeTempDir(dir: string, waitMs = 30_000): Promise<void> {
  const left = await pollUntil(`processes in ${dir} to exit`, waitMs, async () => {
    const pids = await processesMentioning(dir);
    return pids.length === 0 ? [] : undefined;
  }).catch(() => processesMentioning(dir));
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(dir, { recursive: true, force: true });
  liveDirs.delete(dir);
}

export interface NodeProcessOptions {
  /** Arguments after `node`, e.g. ['--import', 'tsx', 'server/src/index.ts']. */
  args: string[];
  port: number;
  env?: Record<string, string>;
  /** Names of inherited variables to drop (e.g. the test runner's own DATABASE_URL). */
  dropEnv?: string[];
}

/** A Node child process in the repository root, with its output kept for error messages. */
export class NodeProcess {
  readonly child: ChildProcess;
  readonly port: number;
  readonly baseUrl: string;
  readonly exited: Promise<Exit>;
  exit: Exit | null = null;
  private chunks: string[] = [];

  constructor(options: NodeProcessOptions) {
    hookExit();
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of options.dropEnv ?? []) delete env[name];
    this.port = options.port;
    this.baseUrl = `http://${HOST}:${options.port}`;
    this.child = spawn(process.execPath, options.args, {
      cwd: ROOT,
      env: { ...env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    liveProcesses.add(this);
    const remember = (c: Buffer) => {
      this.chunks.push(c.toString('utf8'));
      if (this.chunks.length > 400) this.chunks.splice(0, this.chunks.length - 400);
    };
    this.child.stdout?.on('data', remember);
    this.child.stderr?.on('data', remember);
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        liveProcesses.delete(this);
        resolve(this.exit);
      });
    });
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error('the process did not start');
    return this.child.pid;
  }

  get running(): boolean {
    return this.exit === null;
  }

  /** What the process printed (the last few thousand characters by default). */
  output(lastChars = Infinity): string {
    const all = this.chunks.join('');
    return Number.isFinite(lastChars) ? all.slice(-lastChars) : all;
  }

  /** Polls GET readyPath until it answers 2xx; fails early when the process exits. */
  async waitReady(readyPath = '/api/health', ms = 90_000): Promise<void> {
    await pollUntil(
      `${this.baseUrl}${readyPath}`,
      ms,
      async () => {
        if (this.exit) {
          throw new Error(`the process exited during start-up (${JSON.stringify(this.exit)}):\n${this.output(4000)}`);
        }
        try {
          const res = await fetch(`${this.baseUrl}${readyPath}`, { signal: AbortSignal.timeout(2_000) });
          await res.arrayBuffer();
          return res.ok ? true : undefined;
        } catch {
          return undefined;
        }
      },
      100,
    ).catch((err: unknown) => {
      if (this.exit) throw err;
      throw new Error(`${err instanceof Error ? err.message : String(err)}:\n${this.output(4000)}`);
    });
  }

  /** Resolves with the exit, or undefined when the process is still running after `ms`. */
  async waitExit(ms: number): Promise<Exit | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ms);
    });
    try {
      return await Promise.race([this.exited, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** SIGTERM (the app closes its pool and stops its PostgreSQL), then SIGKILL after the grace time. */
  async stop(graceMs = 30_000): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    if (await this.waitExit(graceMs)) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }
}

/** Spawns a Node process on `port` and waits until GET readyPath answers; stops it if it never does. */
export async function startNode(
  options: NodeProcessOptions & { readyPath: string; startTimeoutMs?: number },
): Promise<NodeProcess> {
  const child = new NodeProcess(options);
  try {
    await child.waitReady(options.readyPath, options.startTimeoutMs ?? 90_000);
  } catch (err) {
    await child.stop(5_000);
    throw err;
  }
  return child;
}

/** Environment every harnessed app gets: loopback only, quiet logs, no rate limits. */
export function appEnv(port: number, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: String(port),
    HOST,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '0',
    REGISTRATION_LIMIT: '1000000',
    ...extra,
  };
}

export interface AppOptions {
  env?: Record<string, string>;
  /** `server`: node --import tsx server/src/index.ts; `start`: scripts/start.mjs as `npm start` (builds the client when stale). */
  entry?: 'server' | 'start';
  /** Extra Node flags, e.g. ['--cpu-prof']. */
  nodeArgs?: string[];
  /** A DATA_DIR of the caller's; otherwise a throwaway one is made (unless env names DATABASE_URL or DATA_DIR). */
  dataDir?: string;
}

/** The app, not yet ready: call waitReady(). Never inherits the runner's DATABASE_URL or DATA_DIR. */
export async function spawnApp(options: AppOptions = {}): Promise<NodeProcess & { dataDir: string | null }> {
  const port = await freePort();
  const env = options.env ?? {};
  const dataDir =
    options.dataDir ?? (env.DATABASE_URL || env.DATA_DIR ? (env.DATA_DIR ?? null) : makeTempDir('dt-app-'));
  const entry =
    options.entry === 'start' ? [path.join('scripts', 'start.mjs')] : ['--import', 'tsx', 'server/src/index.ts'];
  const child = new NodeProcess({
    args: [...(options.nodeArgs ?? []), ...entry],
    port,
    dropEnv: ['DATABASE_URL', 'DATA_DIR'],
    env: appEnv(port, { ...(dataDir ? { DATA_DIR: dataDir } : {}), ...env }),
  });
  return Object.assign(child, { dataDir });
}

/** Where the bundled server puts its socket (mirrors socketDirFor in server/src/db/bundled-postgres.ts). */
export function bundledSocketDir(dataDir: string): string {
  const resolved = path.resolve(dataDir);
  const preferred = path.join(resolved, 'run');
  if (path.join(preferred, '.s.PGSQL.5432').length <= 107) return preferred;
  const hash = createHash('sha256').update(resolved).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `dream-traveler-${hash}`);
}

/** CPU time (user + system, in ms) used so far by a process and, separately, by all its descendants. */
export async function cpuTimeMs(pid: number): Promise<{ self: number; descendants: number }> {
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
