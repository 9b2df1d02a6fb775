// Load generation (autocannon, in this process) and the small HTTP helpers the sections share.
import autocannon from 'autocannon';

export interface LoadResult {
  url: string;
  connections: number;
  durationSec: number;
  /** Mean requests per second over the run. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  meanLatencyMs: number;
  totalRequests: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  cookie?: string;
  /** Concurrent connections (default 32). */
  connections?: number;
  /** Seconds (default 8). */
  durationSec?: number;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

export const DEFAULT_CONNECTIONS = 32;
export const DEFAULT_DURATION_SEC = 8;

/** A bounded load run against 127.0.0.1 (fixed duration and connection count; never another host). */
export async function load(url: string, options: LoadOptions = {}): Promise<LoadResult> {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url)) throw new Error(`benchmarks only target 127.0.0.1, not ${url}`);
  const connections = options.connections ?? DEFAULT_CONNECTIONS;
  const durationSec = Math.min(options.durationSec ?? DEFAULT_DURATION_SEC, 15);
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body) headers['content-type'] ??= 'application/json';
  const result = await autocannon({
    url,
    connections,
    duration: durationSec,
    method: options.method ?? 'GET',
    headers,
    ...(options.body ? { body: options.body } : {}),
    timeout: 10,
  });
  return {
    url,
    connections,
    durationSec,
    requestsPerSecond: Math.round(result.requests.mean),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    meanLatencyMs: Math.round(result.latency.mean * 100) / 100,
    totalRequests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Throws when a run saw errors or non-2xx answers: its figure would measure the wrong thing. */
export function assertClean(name: string, r: LoadResult): void {
  if (r.non2xx || r.errors)
    throw new Error(`${name}: ${r.non2xx} non-2xx answers and ${r.errors} errors/timeouts out of ${r.totalRequests}`);
}

export const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 1000 : 0);

export interface SignedUpUser {
  id: number;
  username: string;
  /** "dt_session=…", ready for a Cookie header. */
  cookie: string;
}

/** Registers an account through the API and returns its id and session cookie. */
export async function signUp(baseUrl: string, username: string, password = 'bench-password-1'): Promise<SignedUpUser> {
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@bench.test`, password }),
  });
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('dt_session='));
  if (!session) throw new Error(`register ${username}: no dt_session cookie in the answer`);
  const body = (await res.json()) as { id?: unknown; user?: { id?: unknown } };
  const id = typeof body.id === 'number' ? body.id : typeof body.user?.id === 'number' ? body.user.id : NaN;
  if (!Number.isInteger(id))
    throw new Error(`register ${username}: no user id in ${JSON.stringify(body).slice(0, 200)}`);
  return { id, username, cookie: session };
}

/** Registers `count` accounts named `<prefix>_<i>`, a few at a time. */
export async function signUpMany(
  baseUrl: string,
  prefix: string,
  count: number,
  concurrency = 4,
): Promise<SignedUpUser[]> {
  const users: SignedUpUser[] = new Array<SignedUpUser>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      users[i] = await signUp(baseUrl, `${prefix}_${i}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return users;
}

/** Combines the runs of one target (same URL and settings) into one result: rates over the total time. */
export function combine(runs: LoadResult[]): LoadResult {
  const first = runs[0];
  if (!first) throw new Error('combine: no runs');
  const sum = (f: (r: LoadResult) => number) => runs.reduce((s, r) => s + f(r), 0);
  const weighted = (f: (r: LoadResult) => number) => {
    const total = sum((r) => r.totalRequests);
    return total ? Math.round((sum((r) => f(r) * r.totalRequests) / total) * 100) / 100 : 0;
  };
  return {
    ...first,
    durationSec: sum((r) => r.durationSec),
    requestsPerSecond: Math.round(sum((r) => r.requestsPerSecond * r.durationSec) / sum((r) => r.durationSec)),
    p50Ms: weighted((r) => r.p50Ms),
    p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
    meanLatencyMs: weighted((r) => r.meanLatencyMs),
    totalRequests: sum((r) => r.totalRequests),
    errors: sum((r) => r.errors),
    non2xx: sum((r) => r.non2xx),
  };
}

export interface UncachedTiming {
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  samples: number;
}

/**
 * What a request costs when a cache cannot answer: before each one `announce` runs (a pg_notify such
 * as a trigger sends, evicting what the request reads), the bench waits for the app to hear it, then
 * times one GET on one connection.
 */
export async function timeAfterEachAnnouncement(
  url: string,
  cookie: string,
  announce: () => Promise<unknown>,
  samples = 40,
): Promise<UncachedTiming> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    await announce();
    await new Promise((resolve) => setTimeout(resolve, 40));
    const t0 = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0) * 10) / 10;
  return {
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    meanMs: Math.round((times.reduce((a, b) => a + b, 0) / times.length) * 10) / 10,
    samples: times.length,
  };
}
