import path from 'node:path';
import pg from 'pg';
import { load, signUp, type LoadResult } from './lib/load';
import { startApp, startBareFastify } from './lib/processes';
import type { Figure } from './lib/results';

const MAIN_USER_DREAMS = 10_000;
const OTHER_USERS = 99;
const OTHER_USER_DREAMS = 909; // 99 × 909 + 10,000 ≈ 100,000 dreams in all
const SEARCH = 'silver staircase';

// A small dream vocabulary with a long tail, so common and rare words both occur.
const COMMON = [
  'dream',
  'night',
  'house',
  'door',
  'water',
  'light',
  'dark',
  'walked',
  'saw',
  'felt',
  'room',
  'friend',
  'mother',
  'city',
  'road',
];
const MIDDLE = [
  'silver',
  'staircase',
  'ocean',
  'forest',
  'mirror',
  'train',
  'garden',
  'window',
  'moon',
  'storm',
  'snake',
  'bridge',
  'school',
  'clock',
  'river',
  'tower',
  'key',
  'owl',
  'fire',
  'bird',
];
const RARE = [
  'lantern',
  'cartographer',
  'telescope',
  'labyrinth',
  'comet',
  'violin',
  'glacier',
  'orchard',
  'lighthouse',
  'carousel',
  'meteor',
  'tapestry',
];
const FILLER = [
  'the',
  'a',
  'and',
  'then',
  'was',
  'I',
  'of',
  'in',
  'to',
  'with',
  'into',
  'under',
  'over',
  'slowly',
  'suddenly',
];

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function narrative(rand: () => number): string {
  const words: string[] = [];
  const length = 30 + Math.floor(rand() * 90);
  for (let i = 0; i < length; i++) {
    const r = rand();
    const list = r < 0.45 ? FILLER : r < 0.8 ? COMMON : r < 0.985 ? MIDDLE : RARE;
    words.push(list[Math.floor(rand() * list.length)] ?? 'dream');
  }
  return `${words.join(' ')}.`;
}

async function insertDreams(client: pg.Client, userId: number, count: number, rand: () => number): Promise<void> {
  const batch = 2000;
  for (let start = 0; start < count; start += batch) {
    const n = Math.min(batch, count - start);
    const titles: string[] = [];
    const bodies: string[] = [];
    const tags: string[] = [];
    const dates: string[] = [];
    for (let i = 0; i < n; i++) {
      titles.push(`Dream ${start + i + 1} of the ${MIDDLE[Math.floor(rand() * MIDDLE.length)]}`);
      bodies.push(narrative(rand));
      tags.push([COMMON[Math.floor(rand() * COMMON.length)], MIDDLE[Math.floor(rand() * MIDDLE.length)]].join(','));
      dates.push(new Date(Date.UTC(2020, 0, 1) + (start + i) * 3_600_000).toISOString());
    }
    await client.query(
      `insert into dreams (user_id, title, narrative, tags, date, created_at)
       select $1, t, b, string_to_array(g, ','), d::timestamptz, d::timestamptz
       from unnest($2::text[], $3::text[], $4::text[], $5::text[]) as x(t, b, g, d)`,
      [userId, titles, bodies, tags, dates],
    );
  }
}

/** Recent dreams and full-text search with 10,000 dreams for one user (100,000 across 100 users). */
export async function benchJournal(): Promise<{ figures: Figure[]; raw: Record<string, unknown> }> {
  const bare = await startBareFastify();
  const app = await startApp();
  try {
    const main = await signUp(app.baseUrl, 'bench_journal');
    const others: number[] = [];
    for (let i = 0; i < OTHER_USERS; i++) others.push((await signUp(app.baseUrl, `bench_other_${i}`)).id);

    const client = new pg.Client({
      host: path.join(app.dataDir, 'run'),
      port: 5432,
      user: 'postgres',
      database: 'dreamtraveler',
    });
    await client.connect();
    const seedStart = Date.now();
    const rand = seeded(42);
    await insertDreams(client, main.id, MAIN_USER_DREAMS, rand);
    for (const id of others) await insertDreams(client, id, OTHER_USER_DREAMS, rand);
    await client.query('analyze dreams');
    const total = (await client.query<{ n: string }>('select count(*) as n from dreams')).rows[0]?.n;
    const matches = (
      await client.query<{ n: string }>(
        `select count(*) as n from dreams where user_id = $1 and search_vector @@ websearch_to_tsquery('english', $2)`,
        [main.id, SEARCH],
      )
    ).rows[0]?.n;
    await client.end();
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
