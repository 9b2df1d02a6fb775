import { load, signUp, type LoadResult } from './lib/load';
import { startApp, startBareFastify } from './lib/processes';
import { seededRandom, seedDreams, seedUsers, withAppDatabase } from './lib/seed';
import type { Figure } from './lib/results';

const MAIN_USER_DREAMS = 10_000;
const OTHER_USERS = 99;
const OTHER_USER_DREAMS = 909; // 99 × 909 + 10,000 ≈ 100,000 dreams in all
const SEARCH = 'silver staircase';
/** The other kinds of search (issue 9.10): a misspelt word, a word with synonyms, a tag filter. */
const MORE_SEARCHES = [
  { label: 'typo', q: 'staircse' },
  { label: 'synonyms', q: 'mother' },
  { label: 'tag', q: '#silver' },
] as const;
/** A real journal uses thousands of words: the main user's word list (for typo look-ups) gets this many more. */
const EXTRA_TERMS = 20_000;
const SYLLABLES = ['ka', 'ren', 'tho', 'ing', 'er', 'stra', 'mi', 'lo', 'ven', 'ar', 'qu', 'is', 'el', 'dor', 'sh'];

/** Word-like strings from common syllables (so their trigrams overlap as real words' do), seeded. */
function syntheticTerms(count: number): string[] {
  const rand = seededRandom(2024);
  const out = new Set<string>();
  while (out.size < count) {
    const parts = 2 + Math.floor(rand() * 3);
    let word = '';
    for (let i = 0; i < parts; i++) word += SYLLABLES[Math.floor(rand() * SYLLABLES.length)] ?? 'a';
    out.add(word);
  }
  return [...out];
}

/** Recent dreams and full-text search with 10,000 dreams for one user (100,000 across 100 users). */
export async function benchJournal(): Promise<{ figures: Figure[]; raw: Record<string, unknown> }> {
  const bare = await startBareFastify();
  const app = await startApp();
  try {
    const main = await signUp(app.baseUrl, 'bench_journal');
    const seedStart = Date.now();
    const { total, matches, mainTerms } = await withAppDatabase(app, async (client) => {
      // The other users own background data only (inserted directly: they never sign in).
      const others = await seedUsers(client, 'bench_other', OTHER_USERS);
      await seedDreams(client, { userIds: [main.id], perUser: MAIN_USER_DREAMS, analyze: false });
      await seedDreams(client, { userIds: others, perUser: OTHER_USER_DREAMS });
      await client.query(
        'insert into dream_terms (user_id, term) select $1, t from unnest($2::text[]) t on conflict do nothing',
        [main.id, syntheticTerms(EXTRA_TERMS)],
      );
      await client.query('analyze dream_terms');
      const count = await client.query<{ n: string }>('select count(*) as n from dreams');
      const terms = await client.query<{ n: string }>('select count(*) as n from dream_terms where user_id = $1', [
        main.id,
      ]);
      const matching = await client.query<{ n: string }>(
        `select count(*) as n from dreams where user_id = $1 and search_vector @@ websearch_to_tsquery('dt_english', $2)`,
        [main.id, SEARCH],
      );
      return { total: count.rows[0]?.n, matches: matching.rows[0]?.n, mainTerms: terms.rows[0]?.n };
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
    const more: Array<{ label: string; q: string; result: LoadResult; total: number }> = [];
    for (const { label, q } of MORE_SEARCHES) {
      const url = `${app.baseUrl}/api/dreams/search?q=${encodeURIComponent(q)}`;
      const first = await fetch(url, { headers: { cookie: main.cookie } });
      const total = ((await first.json()) as { total: number }).total;
      if (!total) throw new Error(`search ${q} found nothing`);
      await load(url, { cookie: main.cookie, connections: 1, durationSec: 1 });
      more.push({ label, q, total, result: await load(url, { cookie: main.cookie, connections: 1, durationSec: 5 }) });
    }
    for (const [name, r] of [
      ['recent', recent],
      ['list', list],
      ['search', search],
      ['search4', search4],
      ...more.map((m) => [m.label, m.result] as const),
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
        ...more.map((m): Figure => ({
          name: `GET /api/dreams/search?q=${m.q} p99 (${m.label}, one user, 1 connection)`,
          value: m.result.p99Ms,
          unit: 'ms',
          target: { op: '<', value: 20 },
        })),
      ],
      raw: {
        dreamsInDatabase: Number(total),
        mainUserDreams: MAIN_USER_DREAMS,
        searchMatches: Number(matches),
        mainUserTerms: Number(mainTerms),
        moreSearches: more.map((m) => ({ q: m.q, total: m.total, ...m.result })),
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
