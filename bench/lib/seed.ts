// Bulk data for the benchmarks, written straight into the app's bundled database with node-postgres
// (the API would take minutes for 100,000 dreams). Columns follow server/src/db/schema.ts.
import pg from 'pg';
import type { RunningApp } from './processes';

/** Opens a connection to the app's bundled database (Unix socket in DATA_DIR, user postgres). Close it with end(). */
export async function connectAppDatabase(app: Pick<RunningApp, 'pg'>): Promise<pg.Client> {
  const client = new pg.Client(app.pg);
  await client.connect();
  return client;
}

/** Runs fn with a connection to the app's database, and closes it afterwards. */
export async function withAppDatabase<T>(
  app: Pick<RunningApp, 'pg'>,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = await connectAppDatabase(app);
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// A small dream vocabulary with a long tail, so that common and rare words both occur. The weights
// are applied by repetition in DEFAULT_VOCABULARY (about 45 % filler, 35 % common, 18.5 % middle, 1.5 % rare).
export const WORDS = {
  filler: [
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
  ],
  common: [
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
  ],
  middle: [
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
  ],
  rare: [
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
  ],
} as const;

function weighted(): string[] {
  const out: string[] = [];
  const add = (list: readonly string[], share: number) => {
    // 2,000 slots in all; every word at least once.
    const copies = Math.max(1, Math.round((share * 2000) / list.length));
    for (const w of list) for (let i = 0; i < copies; i++) out.push(w);
  };
  add(WORDS.filler, 0.45);
  add(WORDS.common, 0.35);
  add(WORDS.middle, 0.185);
  add(WORDS.rare, 0.015);
  return out;
}

export const DEFAULT_VOCABULARY: readonly string[] = weighted();

export interface SeedDreamsOptions {
  /** Owners of the dreams; each gets `perUser` dreams. */
  userIds: number[];
  perUser: number;
  /** Words drawn at random for titles, narratives and tags (repeat a word to weight it). */
  vocabulary?: readonly string[];
  /** Narrative length in words: minWords + a random 0 … wordSpread − 1. Defaults 30 and 90 (30–119 words). */
  minWords?: number;
  wordSpread?: number;
  /** Date of each user's first dream; the next ones follow hourly. Default 2020-01-01. */
  startDate?: Date;
  /** Seed of the pseudo-random text, so every run inserts the same dreams. Default: derived from the first user id. */
  seed?: number;
  /** Rows per INSERT statement (default 2,000). */
  batchRows?: number;
  /** Run ANALYZE dreams afterwards (default true), so the planner sees the new volume. */
  analyze?: boolean;
}

/** A small seeded PRNG (mulberry32): deterministic text for a given seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Inserts userIds.length × perUser dreams with batched `insert … select … from unnest($arrays)`
 * statements (one round trip per batch); PostgreSQL computes search_vector as for any insert. The
 * text comes from a seeded generator, so a run is reproducible. Returns the row count and the time taken.
 * (About 10 s for 100,000 dreams on a 2-CPU machine, mostly PostgreSQL building the tsvectors and indexes.)
 */
export async function seedDreams(
  client: pg.Client,
  options: SeedDreamsOptions,
): Promise<{ inserted: number; ms: number }> {
  const started = Date.now();
  const vocabulary = options.vocabulary ?? DEFAULT_VOCABULARY;
  if (!vocabulary.length) throw new Error('seedDreams: empty vocabulary');
  const rand = seededRandom(options.seed ?? 42 + (options.userIds[0] ?? 0) * 7919);
  const word = () => vocabulary[Math.floor(rand() * vocabulary.length)] ?? 'dream';
  const minWords = options.minWords ?? 30;
  const spread = Math.max(1, options.wordSpread ?? 90);
  const start = (options.startDate ?? new Date(Date.UTC(2020, 0, 1))).getTime();
  const batchRows = Math.max(1, options.batchRows ?? 2000);
  let inserted = 0;
  const flush = async (b: {
    users: number[];
    titles: string[];
    narratives: string[];
    tags: string[];
    dates: string[];
  }) => {
    if (!b.users.length) return;
    const result = await client.query(
      `insert into dreams (user_id, title, narrative, tags, date, created_at)
       select u, t, n, string_to_array(g, ' '), d::timestamptz, d::timestamptz
         from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[]) as r(u, t, n, g, d)`,
      [b.users, b.titles, b.narratives, b.tags, b.dates],
    );
    inserted += result.rowCount ?? 0;
  };
  let batch = {
    users: [] as number[],
    titles: [] as string[],
    narratives: [] as string[],
    tags: [] as string[],
    dates: [] as string[],
  };
  for (const userId of options.userIds) {
    for (let i = 0; i < options.perUser; i++) {
      const length = minWords + Math.floor(rand() * spread);
      const words: string[] = [];
      for (let w = 0; w < length; w++) words.push(word());
      batch.users.push(userId);
      batch.titles.push(`Dream ${i + 1} of the ${word()}`);
      batch.narratives.push(`${words.join(' ')}.`);
      batch.tags.push(`${word()} ${word()}`);
      batch.dates.push(new Date(start + i * 3_600_000).toISOString());
      if (batch.users.length >= batchRows) {
        await flush(batch);
        batch = { users: [], titles: [], narratives: [], tags: [], dates: [] };
      }
    }
  }
  await flush(batch);
  if (options.analyze ?? true) await client.query('analyze dreams');
  return { inserted, ms: Date.now() - started };
}

export interface DreamRow {
  userId: number;
  title: string;
  narrative: string;
  tags?: string[];
  date?: Date;
}

/** Inserts explicit dreams in batched multi-row statements (unnest of arrays), for hand-written content. */
export async function insertDreams(client: pg.Client, rows: DreamRow[], batch = 2000): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += batch) {
    const slice = rows.slice(i, i + batch);
    const result = await client.query(
      `insert into dreams (user_id, title, narrative, tags, date, created_at)
       select u, t, n, coalesce((select array_agg(x) from jsonb_array_elements_text(g::jsonb) as x), '{}'), d, d
         from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) as r(u, t, n, g, d)`,
      [
        slice.map((r) => r.userId),
        slice.map((r) => r.title),
        slice.map((r) => r.narrative),
        slice.map((r) => JSON.stringify(r.tags ?? [])),
        slice.map((r) => (r.date ?? new Date()).toISOString()),
      ],
    );
    inserted += result.rowCount ?? 0;
  }
  return inserted;
}

/**
 * Inserts `count` users named `<prefix>_<i>` directly (no password hashing: they cannot sign in).
 * For owners of background data; sign the measured user up through the API to get a real session.
 */
export async function seedUsers(client: pg.Client, prefix: string, count: number): Promise<number[]> {
  const result = await client.query<{ id: number }>(
    `insert into users (username, email, password)
     select $1 || '_' || i, $1 || '_' || i || '@bench.test', '!bench-no-login'
       from generate_series(0, $2::int - 1) as i
     returning id`,
    [prefix, count],
  );
  return result.rows.map((r) => r.id);
}
