// Section "auth": GET /api/auth/me with a signed-in cookie (a session lookup in the bundled
// PostgreSQL on every request) against a bare Fastify route, both measured in this run.
// Target: me ÷ bare ≥ 0.5 (requests/s). When it is missed (or with --diagnose), a few cheap extra
// runs split the cost: the app's request pipeline with no database at all, the same pipeline plus one
// `select 1`, and the session lookup; CPU time per request of the server and of PostgreSQL is
// recorded for every run.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertClean, combine, load, ratio, signUp, type LoadOptions, type LoadResult } from './lib/load';
import { cpuTimeMs, ROOT, startApp, startBareFastify, startPipelineServer, systemCpuMs } from './lib/processes';
import { formatNumber, type Figure, type SectionResult } from './lib/results';

const TARGET = 0.5;
/** The baseline and the measured route alternate, ROUNDS × ROUND_SEC each, so a passing load spike hits both. */
const ROUNDS = 2;
const ROUND_SEC = 5;

interface Measured extends LoadResult {
  /** CPU time per request of the server process (µs), and of its children (PostgreSQL). */
  serverCpuUsPerRequest: number;
  databaseCpuUsPerRequest: number;
  /** CPU used meanwhile by processes other than the harness and this server (% of one CPU), and stolen by the hypervisor. */
  otherCpuPercent: number;
  stealCpuPercent: number;
}

async function measure(url: string, pid: number, options: LoadOptions = {}): Promise<Measured> {
  const [before, sysBefore] = await Promise.all([cpuTimeMs(pid), systemCpuMs()]);
  const harnessBefore = process.cpuUsage();
  const started = Date.now();
  const result = await load(url, options);
  const harness = process.cpuUsage(harnessBefore);
  const [after, sysAfter] = await Promise.all([cpuTimeMs(pid), systemCpuMs()]);
  const elapsed = Date.now() - started;
  const per = (ms: number) => (result.totalRequests ? Math.round((ms * 1000) / result.totalRequests) : 0);
  const server = after.self - before.self + after.descendants - before.descendants;
  const other = sysAfter.busy - sysBefore.busy - server - (harness.user + harness.system) / 1000;
  return {
    ...result,
    serverCpuUsPerRequest: per(after.self - before.self),
    databaseCpuUsPerRequest: per(after.descendants - before.descendants),
    otherCpuPercent: Math.max(0, Math.round((other / elapsed) * 100)),
    stealCpuPercent: Math.round(((sysAfter.steal - sysBefore.steal) / elapsed) * 100),
  };
}

/** Alternates runs of a and b; each result combines its rounds. */
async function alternate(
  a: { url: string; pid: number; options?: LoadOptions },
  b: { url: string; pid: number; options?: LoadOptions },
): Promise<[Measured, Measured]> {
  const runsA: Measured[] = [];
  const runsB: Measured[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    runsA.push(await measure(a.url, a.pid, { durationSec: ROUND_SEC, ...a.options }));
    runsB.push(await measure(b.url, b.pid, { durationSec: ROUND_SEC, ...b.options }));
  }
  const merge = (runs: Measured[]): Measured => {
    const total = runs.reduce((n, r) => n + r.totalRequests, 0) || 1;
    const per = (f: (r: Measured) => number) =>
      Math.round(runs.reduce((n, r) => n + f(r) * r.totalRequests, 0) / total);
    return {
      ...combine(runs),
      serverCpuUsPerRequest: per((r) => r.serverCpuUsPerRequest),
      databaseCpuUsPerRequest: per((r) => r.databaseCpuUsPerRequest),
      otherCpuPercent: Math.max(...runs.map((r) => r.otherCpuPercent)),
      stealCpuPercent: Math.max(...runs.map((r) => r.stealCpuPercent)),
    };
  };
  return [merge(runsA), merge(runsB)];
}

const rps = (r: LoadResult) => `${formatNumber(r.requestsPerSecond)} req/s`;
const cpu = (r: Measured) =>
  `server CPU ${r.serverCpuUsPerRequest} µs/req${r.databaseCpuUsPerRequest ? `, PostgreSQL ${r.databaseCpuUsPerRequest} µs/req` : ''}`;

export async function benchAuth(options: { diagnose?: boolean } = {}): Promise<SectionResult> {
  const [bare, app] = await Promise.all([startBareFastify(), startApp()]);
  try {
    const user = await signUp(app.baseUrl, 'bench_me');
    const meUrl = `${app.baseUrl}/api/auth/me`;
    const check = await fetch(meUrl, { headers: { cookie: user.cookie } });
    await check.arrayBuffer();
    if (check.status !== 200) throw new Error(`GET /api/auth/me with the new session answered ${check.status}`);
    const renews = check.headers.getSetCookie().length > 0;

    // Warm-ups (JIT, pool connections, PostgreSQL caches), not recorded.
    await load(`${bare.baseUrl}/hello`, { durationSec: 2 });
    await load(meUrl, { cookie: user.cookie, durationSec: 2 });

    const [baseline, me] = await alternate(
      { url: `${bare.baseUrl}/hello`, pid: bare.pid },
      { url: meUrl, pid: app.pid, options: { cookie: user.cookie } },
    );
    assertClean('bare GET /hello', baseline);
    assertClean('GET /api/auth/me', me);
    const meRatio = ratio(me.requestsPerSecond, baseline.requestsPerSecond);

    const figures: Figure[] = [
      {
        name: 'GET /api/auth/me (signed in) requests/s ÷ bare Fastify',
        value: meRatio,
        unit: 'ratio',
        target: { op: '>=', value: TARGET },
        detail: `${rps(me)} vs ${rps(baseline)} bare (${me.connections} connections, ${ROUNDS} alternating rounds of ${ROUND_SEC} s each); ${cpu(me)} vs bare ${baseline.serverCpuUsPerRequest} µs/req`,
      },
      {
        name: 'GET /api/auth/me CPU-based ratio: bare server CPU/req ÷ app server CPU/req',
        value: ratio(baseline.serverCpuUsPerRequest, me.serverCpuUsPerRequest),
        unit: 'ratio',
        detail: `${baseline.serverCpuUsPerRequest} µs ÷ ${me.serverCpuUsPerRequest} µs; steadier than requests/s when other processes load the machine (PostgreSQL's ${me.databaseCpuUsPerRequest} µs/req not counted)`,
      },
      { name: 'GET /api/auth/me p50 latency', value: me.p50Ms, unit: 'ms', detail: `bare p50 ${baseline.p50Ms} ms` },
      { name: 'GET /api/auth/me p99 latency', value: me.p99Ms, unit: 'ms', detail: `bare p99 ${baseline.p99Ms} ms` },
    ];
    const raw: Record<string, unknown> = {
      target: TARGET,
      appSettledMs: app.settledMs,
      sessionRenewedOnEachRequest: renews,
      baseline,
      me,
    };
    const notes: string[] = [];
    const busiest = Math.max(baseline.otherCpuPercent, me.otherCpuPercent);
    const steal = Math.max(baseline.stealCpuPercent, me.stealCpuPercent);
    if (busiest > 15 || steal > 10) {
      notes.push(
        `Other processes used up to ${busiest} % of a CPU${steal ? ` (and the hypervisor stole up to ${steal} %)` : ''} during the measurement, on ${os.cpus().length} CPUs: requests/s figures are noisier than usual (the CPU-based ratio less so); run again on a quiet machine.`,
      );
    }
    if (renews)
      notes.push(
        'GET /api/auth/me sent Set-Cookie for a brand-new session: the sliding renewal writes to the database on every request.',
      );

    if (meRatio < TARGET || options.diagnose) {
      const pipeline = await startPipelineServer();
      try {
        await load(`${pipeline.baseUrl}/api/bench/hello`, { durationSec: 2 });
        // The app's full pipeline with a trivial 200 route and no database (separate process, same buildApp).
        const hello = await measure(`${pipeline.baseUrl}/api/bench/hello`, pipeline.pid, { durationSec: 5 });
        assertClean('pipeline GET /api/bench/hello', hello);
        // The running app, same load: no cookie (the auth hook returns at once; requireUser throws a 401).
        const anonymous = await measure(meUrl, app.pid, { durationSec: 5 });
        // The running app: GET /api/health runs one `select 1` through the pool.
        const health = await measure(`${app.baseUrl}/api/health`, app.pid, { durationSec: 5 });
        assertClean('GET /api/health', health);
        const helloRatio = ratio(hello.requestsPerSecond, baseline.requestsPerSecond);
        const anonymousRatio = ratio(anonymous.requestsPerSecond, baseline.requestsPerSecond);
        const healthRatio = ratio(health.requestsPerSecond, baseline.requestsPerSecond);
        figures.push(
          {
            name: 'diagnosis: app pipeline, trivial route, no database ÷ bare',
            value: helloRatio,
            unit: 'ratio',
            detail: `${rps(hello)}; ${cpu(hello)}: buildApp (helmet, cookies, hooks, zod compilers) + GET /api/bench/hello`,
          },
          {
            name: 'diagnosis: GET /api/auth/me without cookie (401, no query) ÷ bare',
            value: anonymousRatio,
            unit: 'ratio',
            detail: `${rps(anonymous)}; ${cpu(anonymous)}: adds the thrown HttpError and the error handler`,
          },
          {
            name: 'diagnosis: GET /api/health (one `select 1`) ÷ bare',
            value: healthRatio,
            unit: 'ratio',
            detail: `${rps(health)}; ${cpu(health)}: pipeline plus one pooled round trip`,
          },
        );
        raw.diagnosis = { pipelineHello: hello, anonymousMe: anonymous, health };
        notes.push(
          `Cost per request against bare Fastify (${baseline.serverCpuUsPerRequest} µs of server CPU): app pipeline alone ${hello.serverCpuUsPerRequest} µs (${helloRatio} of bare throughput); with one trivial query ${health.serverCpuUsPerRequest} µs + ${health.databaseCpuUsPerRequest} µs in PostgreSQL (${healthRatio}); with the session lookup ${me.serverCpuUsPerRequest} µs + ${me.databaseCpuUsPerRequest} µs in PostgreSQL (${meRatio}).`,
          ...suggestions({ hello: helloRatio, anonymous: anonymousRatio, health: healthRatio, me: meRatio, renews }),
        );
      } finally {
        await pipeline.stop();
      }
    }
    return { figures, raw, notes };
  } finally {
    await Promise.all([app.stop(), bare.stop()]);
  }
}

function usesFastifyHelmet(): boolean {
  try {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    return Boolean(pkg.dependencies?.['@fastify/helmet']);
  } catch {
    return false;
  }
}

function suggestions(r: { hello: number; anonymous: number; health: number; me: number; renews: boolean }): string[] {
  const out: string[] = [];
  if (r.hello < 0.8) {
    const helmet = usesFastifyHelmet()
      ? "@fastify/helmet 13 rebuilds helmet's middleware on every request (helmet(options) → parseDirectives for the CSP, then ~12 setHeader calls; measured alone it takes bare Fastify to about 0.3): compute the security headers once at start-up and set them with one reply.headers(precomputed) in an onSend hook, dropping @fastify/helmet. "
      : '';
    out.push(
      `The app pipeline alone reaches only ${r.hello} of bare Fastify, before any query. ${helmet}Response serialisation through fastify-type-provider-zod (zod parse, then JSON.stringify) costs about as much again as bare Fastify's whole request: in production, serialise responses with fast-json-stringify from the routes' JSON schemas (it also emits only declared properties). Keep global hooks O(1).`,
    );
  }
  if (r.anonymous < r.hello * 0.85) {
    out.push(
      `A signed-out GET /api/auth/me (what the client asks on every page load when signed out) reaches ${r.anonymous} of bare against ${r.hello} for a trivial route: requireUser throws an HttpError (stack capture) that goes through the error handler. Answer 401 directly from requireUser (reply.code(401).send(...)) or make HttpError skip stack capture.`,
    );
  }
  if (r.health < r.hello * 0.8) {
    out.push(
      `One database round trip takes throughput from ${r.hello} to ${r.health} of bare: node-postgres parsing and the PostgreSQL backend share the CPUs with Node. The cheapest win is to not query per request where the answer rarely changes.`,
    );
  }
  if (r.me < TARGET) {
    out.push(
      'Cache session lookups in process (server/src/features/auth/sessions.ts, findSessionUser): a small LRU keyed by the token hash holding { user, expire } for a few seconds (e.g. 5–30 s, a few thousand entries at most), invalidated on logout (deleteSession), password change, profile update, demotion and account deletion (drop the entries of that user id). Most authenticated requests then make no query.',
      'Without a cache: make the lookup a named prepared statement (drizzle .prepare("session_user") with sql.placeholder) so PostgreSQL skips parse/plan of the join, and select only the user columns requests need rather than the whole users row.',
    );
  }
  if (r.renews)
    out.push(
      'The sliding renewal updated a fresh session: check SESSION.renewAfterMs against the age computation in findSessionUser.',
    );
  return out;
}
