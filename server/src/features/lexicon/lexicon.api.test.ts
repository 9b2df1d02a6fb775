import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dream } from '@common/schemas/dreams';
import type { Interpretation } from '@common/schemas/interpretations';
import type { LexiconEntry, LexiconResponse } from '@common/schemas/lexicon';
import { MSG } from '@common/messages';
import { personalSymbols } from '../../db/schema';
import { ApiClient, startTestApp, type TestContext } from '../../../test/app';
import { lazyEngine } from '../../../test/engine';
import { signUp, type SignedInUser } from '../../../test/factories';

/**
 * The personal lexicon over a real database and HTTP server: what a dreamer writes a symbol means
 * to them and what their own dreams show about it reach their readings, and never anyone else's.
 */

let ctx: TestContext;
let alice: SignedInUser;
let bob: SignedInUser;
const engine = lazyEngine();

const ALICE_MEANING = 'the cold lake behind Kestrel Farm where I learned to swim';
const BOB_MEANING = 'the harbour my father sailed from every spring';

beforeAll(async () => {
  ctx = await startTestApp({}, engine);
  alice = await signUp(ctx.baseUrl);
  bob = await signUp(ctx.baseUrl);
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

async function record(user: SignedInUser, title: string, narrative: string): Promise<Dream> {
  const res = await user.client.post<Dream>('/api/dreams', { title, narrative, tags: [] });
  expect(res.status).toBe(201);
  return res.body;
}

async function read(user: SignedInUser, dreamId: number): Promise<string> {
  const res = await user.client.post<Interpretation>('/api/interpretations/generate', { dreamId });
  expect(res.status).toBe(201);
  return res.body.content;
}

const meaningRows = async () =>
  ctx.db.select().from(personalSymbols).orderBy(personalSymbols.userId, personalSymbols.symbol);

describe('personal lexicon', () => {
  it("uses a dreamer's own meaning and feeling before the general meaning, and never in another user's reading", async () => {
    // Alice's water dreams are frightening; Bob's are not.
    for (const [i, text] of [
      'Dark water rose around me and I was terrified, screaming for help.',
      'The water was black and cold and I panicked as I sank.',
      'I was afraid of the water flooding the house, my heart pounding.',
    ].entries())
      await record(alice, `Alice water ${i}`, text);
    await record(bob, 'Bob water', 'Warm clear water sparkled and I floated happily in the sun.');
    await record(bob, 'Bob water again', 'I swam in lovely calm water with friends, laughing.');

    const put = await alice.client.put<LexiconEntry>('/api/lexicon/Water', { meaning: `  ${ALICE_MEANING}  ` });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ symbol: 'water', meaning: ALICE_MEANING, category: expect.any(String) });
    expect((await bob.client.put('/api/lexicon/water', { meaning: BOB_MEANING })).status).toBe(200);

    const aliceDream = await record(alice, 'Water once more', 'I stood at the edge of the water at night.');
    const aliceReading = await read(alice, aliceDream.id);
    expect(aliceReading).toContain(ALICE_MEANING);
    expect(aliceReading).not.toContain(BOB_MEANING);
    // Learned from her three earlier dreams: water has come with a frightened feeling.
    expect(aliceReading).toMatch(
      /For you, the water has come with (dread|unease) in (all 3|\d of the 3) earlier dreams/,
    );
    // The personal paragraph comes before the general meaning of water.
    const general = (await engine.analyse({ ...aliceDream, timePeriod: null, date: null })).symbols.find(
      (s) => s.name === 'water',
    );
    expect(general).toBeDefined();
    const generalSentences = (general?.meaning ?? '').split(/(?<=\.)\s+/).filter((x) => x.length > 20);
    const paragraphs = aliceReading.split(/\n\s*\n/);
    const personalAt = paragraphs.findIndex((p) => p.includes(ALICE_MEANING));
    const generalAt = paragraphs.findIndex((p) => generalSentences.some((x) => p.includes(x)));
    expect(generalAt).toBeGreaterThan(personalAt);

    const bobDream = await record(bob, 'Bob water three', 'I stood at the edge of the water at night.');
    const bobReading = await read(bob, bobDream.id);
    expect(bobReading).toContain(BOB_MEANING);
    expect(bobReading).not.toContain(ALICE_MEANING);
    expect(bobReading).not.toMatch(/with (dread|unease) in/);

    // Each lexicon holds its owner's meaning and counts its owner's dreams only.
    const aliceLex = await alice.client.get<LexiconResponse>('/api/lexicon');
    const bobLex = await bob.client.get<LexiconResponse>('/api/lexicon');
    expect(aliceLex.status).toBe(200);
    const aliceWater = aliceLex.body.entries.find((e) => e.symbol === 'water');
    const bobWater = bobLex.body.entries.find((e) => e.symbol === 'water');
    expect(aliceWater).toMatchObject({ meaning: ALICE_MEANING, dreams: 4 });
    expect(bobWater).toMatchObject({ meaning: BOB_MEANING, dreams: 3 });
    expect(JSON.stringify(bobLex.body)).not.toContain('Kestrel');
    expect(JSON.stringify(bobLex.body)).not.toContain('Alice water');
  }, 120_000);

  it('lets a user remove only their own meaning; the next reading no longer uses it', async () => {
    const carol = await signUp(ctx.baseUrl);
    expect((await carol.client.delete('/api/lexicon/water')).body).toEqual({ message: MSG.personalMeaningNotFound });
    const before = await meaningRows();
    expect(before.filter((r) => r.symbol === 'water')).toHaveLength(2);

    const removed = await bob.client.delete('/api/lexicon/water');
    expect(removed.status).toBe(200);
    expect((await bob.client.get<LexiconEntry>('/api/lexicon/water')).body.meaning).toBeNull();
    expect((await alice.client.get<LexiconEntry>('/api/lexicon/water')).body.meaning).toBe(ALICE_MEANING);
    const dream = await record(bob, 'Bob water four', 'Water lapped at my feet.');
    expect(await read(bob, dream.id)).not.toContain(BOB_MEANING);
  }, 60_000);

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = await meaningRows();
    const cases: Array<[string, unknown, string]> = [
      ['/api/lexicon/water', { meaning: '   ' }, MSG.personalMeaningRequired],
      ['/api/lexicon/water', { meaning: 'x'.repeat(1001) }, MSG.personalMeaningTooLong],
      ['/api/lexicon/water', { meaning: 'fine', extra: 1 }, ''],
      ['/api/lexicon/water', { meaning: 42 }, ''],
      [`/api/lexicon/${'w'.repeat(61)}`, { meaning: 'fine' }, 'symbol must be at most 60 characters'],
      ['/api/lexicon/%20%20', { meaning: 'fine' }, MSG.emptySymbol],
    ];
    for (const [url, body, message] of cases) {
      const res = await alice.client.put<{ message: string }>(url, body);
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toContain(message);
    }
    expect(await meaningRows()).toEqual(before);
  });

  it("lists a dream's symbols with the owner's meanings, and answers 404 for someone else's dream", async () => {
    const dream = await record(alice, 'Water and moon', 'The moon shone on the water.');
    const own = await alice.client.get<{ entries: LexiconEntry[] }>(`/api/lexicon/dreams/${dream.id}`);
    expect(own.status).toBe(200);
    expect(own.body.entries.find((e) => e.symbol === 'water')?.meaning).toBe(ALICE_MEANING);
    expect(own.body.entries.map((e) => e.symbol)).toContain('moon');
    const other = await bob.client.get<{ message: string }>(`/api/lexicon/dreams/${dream.id}`);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('Kestrel');
    expect((await alice.client.get(`/api/lexicon/dreams/${dream.id + 100000}`)).status).toBe(404);
    expect((await alice.client.get('/api/lexicon/dreams/abc')).status).toBe(400);
  });

  it('answers 401 to a visitor', async () => {
    const visitor = new ApiClient(ctx.baseUrl);
    expect((await visitor.get('/api/lexicon')).status).toBe(401);
    expect((await visitor.put('/api/lexicon/water', { meaning: 'x' })).status).toBe(401);
    const count = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(personalSymbols)
      .where(eq(personalSymbols.userId, alice.user.id));
    expect(count[0]?.n).toBe(1);
  });
});
