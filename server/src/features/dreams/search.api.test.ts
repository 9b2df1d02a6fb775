import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, runMigrations, wrapPool } from '../../db/client';
import { configFor } from '../../../test/db';
import { SNIPPET_START, SNIPPET_STOP, type SearchResults } from '@common/schemas/dreams';
import { startTestApp, type TestContext } from '../../../test/app';
import { signUp, type SignedInUser } from '../../../test/factories';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

async function record(user: SignedInUser, title: string, narrative: string, tags: string[] = []): Promise<number> {
  const res = await user.client.post<{ id: number }>('/api/dreams', { title, narrative, tags });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

async function search(user: SignedInUser, q: string, extra = ''): Promise<SearchResults> {
  const res = await user.client.get<SearchResults>(`/api/dreams/search?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status, `${q}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

const titles = (found: SearchResults) => found.results.map((r) => r.dream.title);

describe('search: one count for one list', () => {
  it('counts exactly the dreams it lists, stop words and word order aside (issue 9.9)', async () => {
    const user = await signUp(ctx.baseUrl);
    await record(user, 'The staircase', 'A staircase of glass wound up into the clouds.');
    await record(user, 'Stairs in the attic', 'The staircase behind the attic door had no end.');
    await record(user, 'Brass key', 'At the top of the staircase a brass key hung on a nail.');
    await record(user, 'Key under the mat', 'I found a key and climbed the old staircase.');
    for (let i = 1; i <= 13; i++) await record(user, `Filler dream ${i}`, 'Nothing happened at all.');

    const key = await search(user, 'staircase key');
    expect(key.total).toBe(2);
    expect(key.totalExact).toBe(true);
    expect(titles(key).sort()).toEqual(['Brass key', 'Key under the mat']);

    const the = await search(user, 'the staircase');
    expect(the.total).toBe(the.results.length);
    expect(the.total).toBeGreaterThanOrEqual(4);

    // As the journal's only search it also matches a word still being typed, after whole words.
    const typing = await search(user, 'stair');
    expect(typing.total).toBe(4);
    expect(titles(typing)[0]).toBe('Stairs in the attic');
    expect((await search(user, 'brass ke')).total).toBe(1);

    const filler = await search(user, 'Filler dream 1');
    expect(filler).toMatchObject({ total: 1, totalExact: true });
    expect(titles(filler)).toEqual(['Filler dream 1']);
  });
});

describe('search beyond the literal (issue 9.10)', () => {
  it('tolerates typos both ways, ranks typo matches after exact ones, and does not confuse real words', async () => {
    const user = await signUp(ctx.baseUrl);
    const typo = await record(user, 'Supper', 'Grandmother was cooking soup in the kichen while it rained.');
    const exact = await record(user, 'Breakfast', 'The kitchen was full of sunlight and bread.');
    await record(user, 'The stable', 'A horse looked at me over the gate.');
    await record(user, 'Moving day', 'We carried boxes into the new house.');
    await record(user, 'Flight', 'I was flying above the rooftops.');

    // The dream's word is the typo: the exact match comes first, the typo after it.
    const kitchen = await search(user, 'kitchen');
    expect(kitchen.results.map((r) => r.dream.id)).toEqual([exact, typo]);
    expect(kitchen.total).toBe(2);
    expect(kitchen.results[1]?.snippet).toContain(`${SNIPPET_START}kichen${SNIPPET_STOP}`);
    // The search word is the typo.
    const kichen = await search(user, 'kichen');
    expect(kichen.results.map((r) => r.dream.id).sort()).toEqual([typo, exact].sort());
    expect(kichen.results[0]?.dream.id).toBe(typo);
    expect(titles(await search(user, 'kitchne'))).toEqual(['Breakfast']);
    expect(titles(await search(user, 'fyling'))).toEqual(['Flight']);
    // A real word of the user's is not taken for a typo of another one.
    expect(titles(await search(user, 'house'))).toEqual(['Moving day']);
    expect(titles(await search(user, 'horse'))).toEqual(['The stable']);
    // Numbers and short words are not guessed at.
    expect((await search(user, 'xyzzy')).total).toBe(0);
  });

  it('only ever looks at the user’s own words and dreams for typos', async () => {
    const alice = await signUp(ctx.baseUrl);
    const bob = await signUp(ctx.baseUrl);
    await record(bob, 'Bob’s lighthouse', 'The lighthouse keeper waved.');
    await record(alice, 'Alice’s lighthuose', 'A lighthuose on a cliff.');
    expect(titles(await search(alice, 'lighthouse'))).toEqual(['Alice’s lighthuose']);
    expect(titles(await search(bob, 'lighthuose'))).toEqual(['Bob’s lighthouse']);
    const terms = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from dream_terms where user_id = ${bob.user.id} and term = 'lighthuose'`,
    );
    expect(terms.rows[0]?.n).toBe(0);
  });

  it('matches without accents either way, and marks the accented word', async () => {
    const user = await signUp(ctx.baseUrl);
    await record(user, 'Café in Zürich', 'We drank coffee in a tiny café by the lake.');
    await record(user, 'Naive', 'A naive cafe owner sold me a map.');
    const cafe = await search(user, 'cafe zurich');
    expect(titles(cafe)).toEqual(['Café in Zürich']);
    expect(cafe.results[0]?.snippet).toContain(`${SNIPPET_START}café${SNIPPET_STOP}`);
    expect(titles(await search(user, 'naïve café')).sort()).toEqual(['Naive']);
    expect((await search(user, 'CAFÉ')).total).toBe(2);
  });

  it('finds British and American spellings of the same word', async () => {
    const user = await signUp(ctx.baseUrl);
    await record(user, 'Boats', 'The harbour was full of grey boats.');
    await record(user, 'Paint', 'Every color of the rainbow ran down the walls.');
    expect(titles(await search(user, 'harbor'))).toEqual(['Boats']);
    expect(titles(await search(user, 'harbors'))).toEqual(['Boats']);
    expect(titles(await search(user, 'gray boat'))).toEqual(['Boats']);
    expect(titles(await search(user, 'colours'))).toEqual(['Paint']);
    expect(titles(await search(user, 'colour'))).toEqual(['Paint']);
  });

  it('finds family and dream words by their synonyms', async () => {
    const user = await signUp(ctx.baseUrl);
    await record(user, 'Workshop', 'My grandad showed me how to carve a bird.');
    await record(user, 'Old photo', 'A photo of my grandfather as a young sailor.');
    await record(user, 'Phone call', 'Mum called to say the garden had flooded.');
    await record(user, 'Chased', 'It was a bad dream about a wolf in the hallway.');
    await record(user, 'Ocean', 'The sea rose up to the windows.');
    expect(titles(await search(user, 'grandpa')).sort()).toEqual(['Old photo', 'Workshop']);
    expect(titles(await search(user, 'grandpas')).sort()).toEqual(['Old photo', 'Workshop']);
    expect(titles(await search(user, 'mom'))).toEqual(['Phone call']);
    expect(titles(await search(user, 'mother'))).toEqual(['Phone call']);
    expect(titles(await search(user, 'nightmare'))).toEqual(['Chased']);
    expect(titles(await search(user, 'ocean')).sort()).toEqual(['Ocean']);
    expect(titles(await search(user, 'grandma'))).toEqual([]);
  });

  it('filters by #tag (also with words, quoted, excluded), newest first', async () => {
    const user = await signUp(ctx.baseUrl);
    await record(user, 'Stairs again', 'The same stairs as every week.', ['recurring', 'stairs']);
    await record(user, 'A recurring thought', 'I keep thinking recurring thoughts about the sea.', ['sea']);
    await record(user, 'The falling one', 'Falling again, as always.', ['Recurring', 'flying high']);
    await record(user, 'Untagged', 'Nothing to see.', []);

    const recurring = await search(user, '#recurring');
    expect(recurring).toMatchObject({ total: 2, totalExact: true });
    expect(titles(recurring)).toEqual(['The falling one', 'Stairs again']);
    expect(recurring.results[0]?.snippet).toBe('Falling again, as always.');
    expect(titles(await search(user, '#Recurring stairs'))).toEqual(['Stairs again']);
    expect(titles(await search(user, '#"flying high"'))).toEqual(['The falling one']);
    expect(titles(await search(user, '#recurring -#stairs'))).toEqual(['The falling one']);
    expect(titles(await search(user, '#nosuchtag'))).toEqual([]);
    // A word still finds a tag as a word.
    expect(titles(await search(user, 'recurring')).sort()).toEqual([
      'A recurring thought',
      'Stairs again',
      'The falling one',
    ]);
  });

  it('supports quoted phrases, "or" and -exclusion', async () => {
    const user = await signUp(ctx.baseUrl);
    await record(user, 'Train', 'A silver train crossed the desert.');
    await record(user, 'Moon', 'The moon was silver and the train was late.');
    await record(user, 'Owl', 'An owl sat on the silver fence.');
    expect(titles(await search(user, '"silver train"'))).toEqual(['Train']);
    expect(titles(await search(user, 'silver -train'))).toEqual(['Owl']);
    expect(titles(await search(user, 'owl or moon')).sort()).toEqual(['Moon', 'Owl']);
    expect(titles(await search(user, 'silver owl or desert')).sort()).toEqual(['Owl', 'Train']);
  });

  it('answers SQL-hostile and odd input with 200 or 400, never 5xx, and changes nothing', async () => {
    const user = await signUp(ctx.baseUrl);
    await record(user, 'Percent', 'Fifty percent of the moon was missing.', ['odd']);
    const before = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from dreams`);
    const hostile = [
      '%',
      '_',
      '%_%',
      "'",
      '"',
      '\\',
      '\\\\',
      "' or 1=1 --",
      "'; drop table dreams; --",
      '") || (',
      '!! & | <-> :*',
      '#',
      '#"',
      '-',
      '-#',
      '- or or -',
      '*',
      '$$',
      'a\u0000b',
      '\u0000',
      '#\u0000',
      '\ud83c\udf19 moon',
      'e\u0301',
      '\u0301abc',
      'x\u00b2',
      'moon \u00bd',
      'moon \u01c5x',
      'moon:*',
      'moon & sun:* | !star',
      'x'.repeat(200),
      Array.from({ length: 100 }, () => 'a').join(' '),
      Array.from({ length: 66 }, () => 'moo').join(' '),
      Array.from({ length: 50 }, (_, i) => `#t${i}`).join(' '),
    ];
    for (const q of hostile) {
      const res = await user.client.get<SearchResults>(`/api/dreams/search?q=${encodeURIComponent(q)}`);
      expect([200, 400], `${JSON.stringify(q)} → ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
      if (res.status === 200) expect(res.body.results.every((r) => r.dream.userId === user.user.id)).toBe(true);
    }
    // Wildcards are not wildcards.
    expect((await search(user, '%')).total).toBe(0);
    expect((await search(user, '_')).total).toBe(0);
    expect(titles(await search(user, 'moon %'))).toEqual(['Percent']);
    // Too long, empty or repeated: 400 with a message.
    for (const url of [
      `/api/dreams/search?q=${'x'.repeat(201)}`,
      `/api/dreams/search?q=${encodeURIComponent('moon '.repeat(60))}`,
      '/api/dreams/search?q=',
      '/api/dreams/search?q=%20%20',
      '/api/dreams/search',
      '/api/dreams/search?q=moon&q=sun',
      '/api/dreams/search?q=moon&limit=0',
      '/api/dreams/search?q=moon&offset=-1',
    ]) {
      const res = await user.client.get<{ message: string }>(url);
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toEqual(expect.any(String));
    }
    const after = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from dreams`);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });
});

describe('migration 0008', () => {
  it('folds accents into dreams written before it and lists their words for typo search', async () => {
    const name = `t_${randomBytes(6).toString('hex')}`;
    await ctx.db.execute(sql.raw(`create database ${name}`));
    const pool = createPool(configFor(name));
    const db = wrapPool(pool);
    const folder = await mkdtemp(path.join(os.tmpdir(), 'dt-migrations-'));
    try {
      // The migrations before this one, then a dream, then the rest.
      const source = fileURLToPath(new URL('../../db/migrations', import.meta.url));
      await cp(source, folder, { recursive: true });
      const journalPath = path.join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
      const at = journal.entries.findIndex((e) => e.tag === '0008_search_fuzzy');
      expect(at).toBeGreaterThan(0);
      journal.entries = journal.entries.slice(0, at);
      await writeFile(journalPath, JSON.stringify(journal));
      await migrate(db, { migrationsFolder: folder });
      await pool.query(`insert into users (id, username, email, password) values (1, 'old', 'old@x.test', 'x')`);
      await pool.query(`insert into dreams (user_id, title, narrative) values (1, 'Crêpes', 'A kichen in a café.')`);

      await runMigrations(db);
      const terms = await pool.query<{ term: string }>('select term from dream_terms where user_id = 1 order by term');
      expect(terms.rows.map((r) => r.term)).toEqual(['cafe', 'crepes', 'kichen']);
      const found = await pool.query<{ n: number }>(
        `select count(*)::int as n from dreams where search_vector @@ websearch_to_tsquery('dt_english', 'crepe cafe')`,
      );
      expect(found.rows[0]?.n).toBe(1);
    } finally {
      await pool.end();
      await rm(folder, { recursive: true, force: true });
      await ctx.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
    }
  });
});
