import { load, signUp, type LoadResult } from './lib/load';
import { startApp, startBareFastify } from './lib/processes';
import { seedDreams, seedUsers, withAppDatabase } from './lib/seed';
import type { Figure } from './lib/results';

const MAIN_USER_DREAMS = 10_000;
const OTHER_USERS = 99;
const OTHER_USER_DREAMS = 909; // 99 × 909 + 10,000 ≈ 100,000 dreams in all
const SEARCH = 'silver staircase';

/** Recent dreams and full-text search with 10,000 dreams for one user (100,000 across 100 users). */
export async function benchJournal(): Promise<{ figures: Figure[]; raw: Record<string, unknown> }> {
  const bare = await startBareFastify();
  const app = await startApp();
  try {
    const main = await signUp(app.baseUrl, 'bench_journal');
    const seedStart = Date.now();
    const { total, matches } = await withAppDatabase(app, async (client) => {
      // The other users own background data only (inserted directly: they never sign in).
      const others = await seedUsers(client, 'bench_other', OTHER_USERS);
      await seedDreams(client, { userIds: [main.id], perUser: MAIN_USER_DREAMS, analyze: false });
      await seedDreams(client, { userIds: others, perUser: OTHER_USER_DREAMS });
      const count = await client.query<{ n: string }>('select count(*) as n from dreams');
      const matching = await client.query<{ n: string }>(
        `select count(*) as n from dreams where user_id = $1 and search_vector @@ websearch_to_tsquery('english', $2)`,
        [main.id, SEARCH],
      );
      return { total: count.rows[0]?.n, matches: matching.rows[0]?.n };
    });
    const seedMs = Date.now() - seedStart;

    const recentUrl = `${app.baseUrl}/api/dreams/recent?limit=20`;
    // The same query without the per-process cache: GET /api/dreams reads the database every time.
    const listUrl = `${app.baseUrl}/api/dreams?limit=20`;
    const searchUrl = `${app.baseUrl}/api/dreams/search?q=${encodeURIComponent(SEARCH)}`;
    await load(recentUrl, { cookie: main.cookie, durationSec: 2 });
    await load(searchUrl, { cookie: main.cookie, durationSec: 2 });
    const baseline = await load(`${bare.baseUrl}/hello`);
    const recent = await load(recentUrl, { cookie: main.cookie });
    const list = await load(listUrl, { cookie: main.cookie });
    // One user searching (one connection): the latency a person waits for. Then four at once.
    const search = await load(searchUrl, { cookie: main.cookie, connections: 1 });
    const search4 = await load(searchUrl, { cookie: main.cookie, connections: 4 });
    for (const [name, r] of [
      ['recent', recent],
      ['list', list],
      ['search', search],
      ['search4', search4],
    ] as const) {
      if (r.non2xx || r.errors) throw new Error(`${name} answered ${r.non2xx} non-2xx and ${r.errors} errors`);
    }
    const bareRatio = (r: LoadResult) => Number((r.requestsPerSecond / baseline.requestsPerSecond).toFixed(3));
    return {
      figures: [
        {
          name: 'GET /api/dreams/recent?limit=20 requests/s ÷ bare Fastify',
          value: bareRatio(recent),
          unit: 'ratio',
          target: { op: '>=', value: 0.3 },
        },
        { name: 'GET /api/dreams/recent p99', value: recent.p99Ms, unit: 'ms' },
        {
          name: 'GET /api/dreams?limit=20 (same query, never cached) requests/s ÷ bare Fastify',
          value: bareRatio(list),
          unit: 'ratio',
        },
        {
          name: `GET /api/dreams/search?q=${SEARCH} p99 (one user, 1 connection)`,
          value: search.p99Ms,
          unit: 'ms',
          target: { op: '<', value: 20 },
        },
        { name: `GET /api/dreams/search?q=${SEARCH} p99 (4 connections)`, value: search4.p99Ms, unit: 'ms' },
        {
          name: 'GET /api/dreams/search requests/s ÷ bare Fastify (4 connections)',
          value: bareRatio(search4),
          unit: 'ratio',
        },
      ],
      raw: {
        dreamsInDatabase: Number(total),
        mainUserDreams: MAIN_USER_DREAMS,
        searchMatches: Number(matches),
        seedMs,
        baseline,
        recent,
        list,
        search,
        search4,
      },
    };
  } finally {
    await app.stop();
    await bare.stop();
  }
}
