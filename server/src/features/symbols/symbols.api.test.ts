import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_SIZES } from '@common/limits';
import {
  EMPTY_SYMBOL_MESSAGE,
  type DreamSymbol,
  type SymbolCategory,
  type SymbolReadingResponse,
} from '@common/schemas/symbols';
import { dreamSymbols } from '../../db/schema';
import { ApiClient, startTestApp, type TestContext } from '../../../test/app';
import { lazyEngine } from '../../../test/engine';
import { signUp, type SignedInUser } from '../../../test/factories';
import { seedDictionary } from './service';

let ctx: TestContext;
let alice: SignedInUser;
let bob: SignedInUser;
const engine = lazyEngine();

beforeAll(async () => {
  ctx = await startTestApp({}, engine);
  await seedDictionary(ctx.db, engine);
  alice = await signUp(ctx.baseUrl);
  bob = await signUp(ctx.baseUrl);
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

const storeSize = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(dreamSymbols))[0]?.n ?? 0;
const list = (query: string) => alice.client.get<DreamSymbol[]>(`/api/dream-symbols${query}`);

describe('dream symbol dictionary: paging', () => {
  it('is seeded from the knowledge base and lists one bounded page at a time, by category then name', async () => {
    expect(await storeSize()).toBeGreaterThanOrEqual(400);
    const page = await list('');
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(LIST_SIZES.symbolsDefault);
    const keys = page.body.map((s) => `${s.category}\u0000${s.symbol}`);
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const next = await list('?limit=10&offset=50');
    expect(next.body).toHaveLength(10);
    const both = await list('?limit=60&offset=0');
    expect(both.body.slice(50).map((s) => s.id)).toEqual(next.body.map((s) => s.id));

    const max = await list(`?limit=${LIST_SIZES.symbolsMax}`);
    expect(max.body).toHaveLength(LIST_SIZES.symbolsMax);
    expect((await list(`?offset=100000`)).body).toEqual([]);
  });

  it('walks the whole store in pages without repeating or skipping a symbol', async () => {
    const total = await storeSize();
    const seen: number[] = [];
    for (let offset = 0; offset < total + LIST_SIZES.symbolsMax; offset += LIST_SIZES.symbolsMax) {
      const page = await list(`?limit=${LIST_SIZES.symbolsMax}&offset=${offset}`);
      seen.push(...page.body.map((s) => s.id ?? -1));
      if (page.body.length < LIST_SIZES.symbolsMax) break;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('answers bad paging, sort and filter parameters with 400 and a message naming the parameter', async () => {
    const cases: Array<[string, RegExp]> = [
      ['?limit=0', /limit/],
      [`?limit=${LIST_SIZES.symbolsMax + 1}`, /limit must be at most 100/],
      ['?limit=1000', /limit/],
      ['?limit=abc', /limit/],
      ['?limit=2.5', /limit/],
      ['?offset=-1', /offset/],
      ['?offset=100001', /offset/],
      ['?offset=many', /offset/],
      ['?sort=random', /sort/],
      [`?q=${'x'.repeat(61)}`, /q must be at most 60/],
      ['?q=%00', /q must not contain control characters/],
      ['?q=a&q=b', /q/],
      [`?category=${'c'.repeat(61)}`, /category/],
      ['?category=Water&category=Animals', /category/],
    ];
    for (const [query, message] of cases) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect((res.body as unknown as { message: string }).message, query).toMatch(message);
    }
  });

  it('is for signed-in users only', async () => {
    expect((await new ApiClient(ctx.baseUrl).get('/api/dream-symbols')).status).toBe(401);
    expect((await new ApiClient(ctx.baseUrl).get('/api/dream-symbols/categories')).status).toBe(401);
  });
});

describe('dream symbol dictionary: categories', () => {
  it('lists every category alphabetically with its size; the sizes add up to the store', async () => {
    const res = await alice.client.get<SymbolCategory[]>('/api/dream-symbols/categories');
    expect(res.status).toBe(200);
    const names = res.body.map((c) => c.category);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names).toContain('Water');
    expect(res.body.reduce((sum, c) => sum + c.count, 0)).toBe(await storeSize());
  });

  it('pages one category: only its symbols, all of them, by name', async () => {
    const categories = (await alice.client.get<SymbolCategory[]>('/api/dream-symbols/categories')).body;
    const water = categories.find((c) => c.category === 'Water');
    expect(water?.count).toBeGreaterThan(5);
    const first = await list('?category=Water&limit=5');
    const rest = await list(`?category=Water&limit=${LIST_SIZES.symbolsMax}&offset=5`);
    const all = [...first.body, ...rest.body];
    expect(all).toHaveLength(water?.count ?? -1);
    expect(all.every((s) => s.category === 'Water')).toBe(true);
    const names = all.map((s) => s.symbol);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    expect((await list('?category=No%20such%20category')).body).toEqual([]);
    // Blank filters are no filters.
    expect((await list('?category=%20&q=')).body).toHaveLength(LIST_SIZES.symbolsDefault);
  });
});

describe('dream symbol dictionary: search', () => {
  it('searches the whole store by name and associations, exact name first, case-insensitively', async () => {
    const [lastRow] = await ctx.db
      .select()
      .from(dreamSymbols)
      .orderBy(sql`${dreamSymbols.category} desc, ${dreamSymbols.symbol} desc`)
      .limit(1);
    if (!lastRow) throw new Error('the dictionary is empty');
    // The very last symbol of the browsing order is found, though it is on no first page.
    const found = await list(`?q=${encodeURIComponent(lastRow.symbol.toUpperCase())}`);
    expect(found.status).toBe(200);
    expect(found.body[0]?.id).toBe(lastRow.id);

    // Exact name, then names that start with the text, then names that hold it, then associations.
    const light = await list('?q=LIGHT');
    const names = light.body.map((s) => s.symbol);
    expect(names.slice(0, 4)).toEqual(['light', 'lightning', 'flight', 'twilight']);
    expect(names.length).toBeGreaterThan(4);
    for (const s of light.body) expect([s.symbol, ...s.associations].join(' ').toLowerCase()).toContain('light');

    const moonInWater = await list('?q=moon&category=Water');
    expect(moonInWater.body.map((s) => s.symbol)).toEqual(['tide']);
  });

  it('finds an association that is not in the name', async () => {
    const [row] = await ctx.db.select().from(dreamSymbols).where(eq(dreamSymbols.symbol, 'fly'));
    const association = row?.associations.find((a) => !a.includes('fly'));
    if (!association) throw new Error('"fly" has no association without its name');
    const res = await list(`?q=${encodeURIComponent(association)}&limit=${LIST_SIZES.symbolsMax}`);
    expect(res.body.map((s) => s.symbol)).toContain('fly');
  });

  it('treats %, _ and \\ as plain characters and finds nothing for text no symbol holds', async () => {
    for (const q of ['%', '_', '\\', 'zqxv%', 'o_e']) {
      const res = await list(`?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(res.body, q).toEqual([]);
    }
  });

  it('pages search results too', async () => {
    const all = await list(`?q=e&limit=${LIST_SIZES.symbolsMax}`);
    expect(all.body.length).toBeGreaterThan(20);
    const second = await list('?q=e&limit=10&offset=10');
    expect(second.body.map((s) => s.id)).toEqual(all.body.slice(10, 20).map((s) => s.id));
  });
});

describe('dream symbol dictionary: recently added', () => {
  it('lists the newest added or last interpreted first', async () => {
    const before = await list(`?sort=recent&limit=${LIST_SIZES.symbolsRecent}`);
    expect(before.body).toHaveLength(LIST_SIZES.symbolsRecent);
    // An old seeded entry surfaces at the top once someone interprets it.
    expect(before.body.map((s) => s.symbol)).not.toContain('fly');
    await alice.client.post('/api/dream-symbols/interpret', { symbol: 'fly' });
    const after = await list(`?sort=recent&limit=${LIST_SIZES.symbolsRecent}`);
    expect(after.body[0]?.symbol).toBe('fly');
    const stamps = after.body.map((s) => s.lastInterpretedAt ?? s.createdAt ?? '');
    expect(stamps).toEqual([...stamps].sort().reverse());
  });
});

describe('dream symbol dictionary: interpret', () => {
  it('interprets a stored symbol, a WordNet noun (added for everyone) and a personal word (not added)', async () => {
    const ocean = await alice.client.post<SymbolReadingResponse>('/api/dream-symbols/interpret', {
      symbol: '  Ocean ',
    });
    expect(ocean.status).toBe(200);
    expect(ocean.body).toMatchObject({ symbol: 'ocean', source: 'dictionary', stored: true });
    expect(ocean.body.associations.length).toBeGreaterThanOrEqual(4);
    expect(ocean.body.lastInterpretedAt).not.toBeNull();

    const before = await storeSize();
    const noun = await alice.client.post<SymbolReadingResponse>('/api/dream-symbols/interpret', {
      symbol: 'harpsichord',
    });
    expect(noun.status).toBe(200);
    expect(noun.body.stored).toBe(true);
    expect(['wordnet', 'knowledge-base', 'dictionary']).toContain(noun.body.source);
    expect(await storeSize()).toBe(noun.body.source === 'dictionary' ? before : before + 1);
    const again = await bob.client.post<SymbolReadingResponse>('/api/dream-symbols/interpret', {
      symbol: 'Harpsichord',
    });
    expect(again.body).toMatchObject({ source: 'dictionary', stored: true, id: noun.body.id });
    // The new entry is found by search at once.
    expect((await list('?q=harpsichord')).body[0]?.id).toBe(noun.body.id);

    const personal = await alice.client.post<SymbolReadingResponse>('/api/dream-symbols/interpret', {
      symbol: 'zqxvrk',
    });
    expect(personal.body).toMatchObject({ source: 'personal', stored: false, id: null });
    expect(personal.body.meaning.length).toBeGreaterThan(40);
    expect(await storeSize()).toBe(noun.body.source === 'dictionary' ? before : before + 1);
    expect((await list('?q=zqxvrk')).body).toEqual([]);
  });

  it('rejects blank and over-long symbols with a clear message', async () => {
    expect((await alice.client.post('/api/dream-symbols/interpret', { symbol: '   ' })).body.message).toBe(
      EMPTY_SYMBOL_MESSAGE,
    );
    expect((await alice.client.post('/api/dream-symbols/interpret', {})).body.message).toBe(EMPTY_SYMBOL_MESSAGE);
    expect((await alice.client.post('/api/dream-symbols/interpret', { symbol: 'x'.repeat(61) })).status).toBe(400);
  });
});

describe('dream symbol dictionary: seeding', () => {
  it('holds the occasions the knowledge base reads, under their own category', async () => {
    const res = await list(`?category=${encodeURIComponent('Events and Occasions')}`);
    expect(res.body.map((s) => s.symbol)).toEqual(['birthday', 'exam', 'funeral', 'party', 'war', 'wedding']);
  });

  it('brings an entry stored under a knowledge-base name up to date, adds a missing one and keeps the others', async () => {
    const balloon = (await engine.dictionarySeed()).find((s) => s.symbol === 'balloon');
    if (!balloon) throw new Error('the knowledge base has no balloon');
    // As an older installation stored it: a WordNet reading from before the knowledge base held balloons.
    const [old] = await ctx.db
      .update(dreamSymbols)
      .set({
        symbol: 'Balloon',
        category: 'Nature',
        meaning: 'A balloon is a kind of plaything, a small thin inflatable rubber bag.',
        associations: ['plaything', 'rubber bag', 'personal memories', 'everyday life'],
      })
      .where(eq(dreamSymbols.symbol, 'balloon'))
      .returning();
    if (!old) throw new Error('balloon was not seeded');
    await ctx.db.delete(dreamSymbols).where(eq(dreamSymbols.symbol, 'party'));
    const other = {
      symbol: 'hurdy-gurdy',
      category: 'Objects',
      meaning: 'A hurdy-gurdy is a kind of stringed instrument, played by turning a crank.',
      associations: ['stringed instrument', 'crank', 'personal memories', 'everyday life'],
    };
    await ctx.db.insert(dreamSymbols).values(other);

    expect(await seedDictionary(ctx.db, engine)).toEqual({ added: 1, updated: 1 });
    const [now] = await ctx.db.select().from(dreamSymbols).where(eq(dreamSymbols.id, old.id));
    expect(now).toMatchObject({
      symbol: 'balloon',
      category: balloon.category,
      meaning: balloon.meaning,
      associations: balloon.associations,
    });
    const asked = await alice.client.post<SymbolReadingResponse>('/api/dream-symbols/interpret', { symbol: 'balloon' });
    expect(asked.body).toMatchObject({ source: 'dictionary', id: old.id, meaning: balloon.meaning });
    expect((await list('?q=party')).body[0]).toMatchObject({ symbol: 'party', category: 'Events and Occasions' });
    expect((await ctx.db.select().from(dreamSymbols).where(eq(dreamSymbols.symbol, 'hurdy-gurdy')))[0]).toMatchObject(
      other,
    );
    // Seeding again changes nothing.
    expect(await seedDictionary(ctx.db, engine)).toEqual({ added: 0, updated: 0 });
    await ctx.db.delete(dreamSymbols).where(eq(dreamSymbols.symbol, 'hurdy-gurdy'));
  });
});
