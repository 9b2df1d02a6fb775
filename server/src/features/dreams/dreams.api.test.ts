import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@common/messages';
import type { Dream, SearchResults } from '@common/schemas/dreams';
import { SNIPPET_START, SNIPPET_STOP } from '@common/schemas/dreams';
import type { Intention } from '@common/schemas/intentions';
import { dreams } from '../../db/schema';
import { ApiClient, startTestApp, type TestContext } from '../../../test/app';
import { signUp, type SignedInUser } from '../../../test/factories';

let ctx: TestContext;
let alice: SignedInUser;
let bob: SignedInUser;

const dreamCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(dreams))[0]?.n ?? -1;

function buildDream(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Flying over the sea',
    narrative: 'I flew over a silver sea at night.',
    tags: ['flying'],
    ...overrides,
  };
}

beforeAll(async () => {
  ctx = await startTestApp();
  alice = await signUp(ctx.baseUrl);
  bob = await signUp(ctx.baseUrl);
});
afterAll(async () => {
  await ctx.close();
});

describe('dreams', () => {
  it('creates a dream with normalised tags and answers with its id', async () => {
    const res = await alice.client.post<Dream>('/api/dreams', {
      ...buildDream({ tags: ['  Lucid ', 'lucid', 'FLYING', ''] }),
      timePeriod: 'recurring',
      userId: bob.user.id,
    });
    expect(res.status).toBe(201);
    expect(res.body.id).toBeGreaterThan(0);
    expect(res.body.tags).toEqual(['lucid', 'flying']);
    expect(res.body.userId).toBe(alice.user.id);
    expect(res.body.timePeriod).toBe('recurring');
  });

  it('falls back to now for a missing or invalid date and keeps a valid one', async () => {
    const before = Date.now();
    const invalid = await alice.client.post<Dream>('/api/dreams', buildDream({ date: 'yesterday-ish' }));
    expect(new Date(invalid.body.date ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const explicit = await alice.client.post<Dream>('/api/dreams', buildDream({ date: '2025-01-05T08:00:00.000Z' }));
    expect(explicit.body.date).toBe('2025-01-05T08:00:00.000Z');
  });

  it('validates with the spec messages and stores nothing on bad input', async () => {
    const before = await dreamCount();
    const cases: Array<[unknown, RegExp | string]> = [
      [buildDream({ title: '   ' }), MSG.titleRequired],
      [buildDream({ narrative: '' }), MSG.narrativeRequired],
      [{ narrative: 'no title' }, MSG.titleRequired],
      [buildDream({ title: 'x'.repeat(201) }), /Title must be at most 200/],
      [buildDream({ narrative: 'x'.repeat(20_001) }), /at most 20,000/],
      [buildDream({ tags: Array.from({ length: 21 }, (_, i) => `tag${i}`) }), /at most 20 tags/],
      [buildDream({ tags: ['x'.repeat(41)] }), /at most 40 characters/],
      [buildDream({ tags: 'flying' }), /tags/],
      [buildDream({ timePeriod: 'yesterday' }), /timePeriod must be one of/],
      [buildDream({ intentionId: 'seven' }), /intentionId/],
      [buildDream({ mood: 'happy' }), /mood/],
    ];
    for (const [body, message] of cases) {
      const res = await alice.client.post('/api/dreams', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
    }
    expect(await dreamCount()).toBe(before);
  });

  it('lists recent dreams newest first with the default of 5 and a maximum of 100', async () => {
    const user = await signUp(ctx.baseUrl);
    for (let i = 0; i < 7; i++) await user.client.post('/api/dreams', buildDream({ title: `Dream ${i}` }));
    const recent = await user.client.get<Dream[]>('/api/dreams/recent');
    expect(recent.body.map((d) => d.title)).toEqual(['Dream 6', 'Dream 5', 'Dream 4', 'Dream 3', 'Dream 2']);
    expect((await user.client.get<Dream[]>('/api/dreams/recent?limit=3')).body).toHaveLength(3);
    expect((await user.client.get('/api/dreams/recent?limit=101')).status).toBe(400);
    expect((await user.client.get('/api/dreams/recent?limit=abc')).status).toBe(400);
    expect((await user.client.get<Dream[]>('/api/dreams')).body).toHaveLength(7);
  });

  it('edits, reads and deletes only the owner’s dreams; another user gets 404', async () => {
    const created = await alice.client.post<Dream>('/api/dreams', buildDream());
    const id = created.body.id;
    expect((await bob.client.get(`/api/dreams/${id}`)).status).toBe(404);
    expect((await bob.client.patch(`/api/dreams/${id}`, { title: 'Mine now' })).status).toBe(404);
    expect((await bob.client.delete(`/api/dreams/${id}`)).status).toBe(404);
    expect((await bob.client.get<Dream[]>('/api/dreams/recent?limit=100')).body.some((d) => d.id === id)).toBe(false);

    const edited = await alice.client.patch<Dream>(`/api/dreams/${id}`, {
      title: 'Flying over the ocean',
      tags: ['Ocean'],
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: 'Flying over the ocean',
      tags: ['ocean'],
      narrative: buildDream().narrative,
    });
    expect((await alice.client.patch(`/api/dreams/${id}`, { title: '' })).body.message).toBe(MSG.titleRequired);
    expect((await alice.client.get<Dream>(`/api/dreams/${id}`)).body.title).toBe('Flying over the ocean');

    expect((await alice.client.delete(`/api/dreams/${id}`)).status).toBe(200);
    expect((await alice.client.get(`/api/dreams/${id}`)).status).toBe(404);
    expect((await alice.client.get('/api/dreams/not-a-number')).status).toBe(400);
    expect((await alice.client.get('/api/dreams/99999999999')).status).toBe(400);
  });

  it('requires sign-in for every dream endpoint', async () => {
    const visitor = new ApiClient(ctx.baseUrl);
    for (const [method, url] of [
      ['GET', '/api/dreams'],
      ['GET', '/api/dreams/recent'],
      ['GET', '/api/dreams/search?q=sea'],
      ['GET', '/api/dreams/1'],
      ['POST', '/api/dreams'],
      ['PATCH', '/api/dreams/1'],
      ['DELETE', '/api/dreams/1'],
      ['GET', '/api/export'],
      ['POST', '/api/import'],
      ['GET', '/api/intentions/previous'],
      ['POST', '/api/intentions'],
      ['PATCH', '/api/intentions/1'],
    ] as const) {
      const res = await visitor.request(method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.status, `${method} ${url}`).toBe(401);
    }
  });

  it('links a dream only to the user’s own intention and marks the intention with the dream', async () => {
    const own = await alice.client.post<Intention>('/api/intentions', { text: 'Notice the moon' });
    const foreign = await bob.client.post<Intention>('/api/intentions', { text: 'Someone else’s' });
    const before = await dreamCount();
    const refused = await alice.client.post('/api/dreams', buildDream({ intentionId: foreign.body.id }));
    expect(refused.status).toBe(404);
    expect(await dreamCount()).toBe(before);
    const linked = await alice.client.post<Dream>('/api/dreams', buildDream({ intentionId: own.body.id }));
    expect(linked.body.intentionId).toBe(own.body.id);
    const intentionsNow = await alice.client.get<Intention[]>('/api/intentions/previous?limit=10');
    expect(intentionsNow.body.find((i) => i.id === own.body.id)?.dreamId).toBe(linked.body.id);
  });
});

describe('recent dreams, cached per process', () => {
  const titles = async (user: SignedInUser, limit = 20) =>
    (await user.client.get<Dream[]>(`/api/dreams/recent?limit=${limit}`)).body.map((d) => d.title);

  it('shows the user’s own writes at once: create, edit, delete, import', async () => {
    const user = await signUp(ctx.baseUrl);
    expect(await titles(user)).toEqual([]);
    const created = await user.client.post<Dream>('/api/dreams', buildDream({ title: 'First light' }));
    expect(await titles(user)).toEqual(['First light']);
    expect(await titles(user, 3)).toEqual(['First light']);
    await user.client.patch(`/api/dreams/${created.body.id}`, { title: 'First light, edited' });
    expect(await titles(user)).toEqual(['First light, edited']);
    const imported = await user.client.post('/api/import', {
      format: 'csv',
      data: 'date,title,narrative,tags\n2020-01-01,Imported night,Walking by a canal.,water\n',
    });
    expect(imported.status).toBe(200);
    expect(await titles(user)).toContain('Imported night');
    await user.client.delete(`/api/dreams/${created.body.id}`);
    expect(await titles(user)).toEqual(['Imported night']);
  });

  it('shows changes made elsewhere (another process, plain SQL) once PostgreSQL announces them', async () => {
    const user = await signUp(ctx.baseUrl);
    await user.client.post('/api/dreams', buildDream({ title: 'Cached night' }));
    expect(await titles(user)).toEqual(['Cached night']);
    expect(await titles(user)).toEqual(['Cached night']); // now from the cache
    await ctx.db
      .insert(dreams)
      .values({ userId: user.user.id, title: 'Written elsewhere', narrative: 'By another process.', tags: [] });
    await expect.poll(() => titles(user), { timeout: 2000 }).toEqual(['Written elsewhere', 'Cached night']);
    await ctx.db.update(dreams).set({ title: 'Renamed elsewhere' }).where(eq(dreams.title, 'Written elsewhere'));
    await expect.poll(() => titles(user), { timeout: 2000 }).toEqual(['Renamed elsewhere', 'Cached night']);
    await ctx.db.delete(dreams).where(eq(dreams.userId, user.user.id));
    await expect.poll(() => titles(user), { timeout: 2000 }).toEqual([]);
  });

  it('forgets everything when the change feed drops, and caches again once it has reconnected', async () => {
    const listeners = async () =>
      (
        await ctx.db.execute<{ pid: number }>(
          sql`select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN dt_%'`,
        )
      ).rows;
    const user = await signUp(ctx.baseUrl);
    await user.client.post('/api/dreams', buildDream({ title: 'Before the drop' }));
    expect(await titles(user)).toEqual(['Before the drop']);
    expect(await titles(user)).toEqual(['Before the drop']); // cached

    // The app's LISTEN connection dies; a change made now is announced to nobody.
    expect((await listeners()).length).toBe(1);
    await ctx.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN dt_%'`,
    );
    await expect.poll(async () => (await listeners()).length, { timeout: 2000, interval: 10 }).toBe(0);
    await ctx.db
      .insert(dreams)
      .values({ userId: user.user.id, title: 'During the drop', narrative: 'Nobody was listening.', tags: [] });
    await expect.poll(() => titles(user), { timeout: 2000 }).toEqual(['During the drop', 'Before the drop']);

    // The feed reconnects by itself, and the cache is used again: a change that bypasses the trigger
    // is not seen until an announced one evicts the entry.
    await expect.poll(async () => (await listeners()).length, { timeout: 5000 }).toBe(1);
    expect(await titles(user)).toEqual(['During the drop', 'Before the drop']);
    await ctx.db.execute(sql`alter table dreams disable trigger dreams_changed_notify`);
    try {
      await ctx.db.update(dreams).set({ title: 'Renamed quietly' }).where(eq(dreams.title, 'Before the drop'));
    } finally {
      await ctx.db.execute(sql`alter table dreams enable trigger dreams_changed_notify`);
    }
    expect(await titles(user)).toEqual(['During the drop', 'Before the drop']);
    await ctx.db.update(dreams).set({ title: 'Renamed aloud' }).where(eq(dreams.title, 'During the drop'));
    await expect.poll(() => titles(user), { timeout: 2000 }).toEqual(['Renamed aloud', 'Renamed quietly']);
  });
});

describe('full-text search', () => {
  it('finds dreams beyond the 20 most recent, ranked, with marked snippets, and only the user’s own', async () => {
    const user = await signUp(ctx.baseUrl);
    await user.client.post('/api/dreams', {
      title: 'The lighthouse keeper',
      narrative: 'An old lighthouse keeper handed me a brass telescope and pointed at a comet.',
      tags: ['guide'],
    });
    for (let i = 0; i < 25; i++) {
      await user.client.post(
        '/api/dreams',
        buildDream({ title: `Ordinary night ${i}`, narrative: 'Walking through a quiet town.' }),
      );
    }
    const recent = await user.client.get<Dream[]>('/api/dreams/recent?limit=20');
    expect(recent.body.some((d) => d.title === 'The lighthouse keeper')).toBe(false);

    const res = await user.client.get<SearchResults>('/api/dreams/search?q=brass%20telescope');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.results[0]?.dream.title).toBe('The lighthouse keeper');
    expect(res.body.results[0]?.snippet).toContain(`${SNIPPET_START}brass${SNIPPET_STOP}`);

    const stemmed = await user.client.get<SearchResults>('/api/dreams/search?q=telescopes');
    expect(stemmed.body.total).toBe(1);
    const byTag = await user.client.get<SearchResults>('/api/dreams/search?q=guide');
    expect(byTag.body.results.map((r) => r.dream.title)).toEqual(['The lighthouse keeper']);
    const ranked = await user.client.get<SearchResults>('/api/dreams/search?q=quiet%20town&limit=5');
    expect(ranked.body.total).toBe(25);
    expect(ranked.body.results).toHaveLength(5);

    expect((await alice.client.get<SearchResults>('/api/dreams/search?q=telescope')).body.total).toBe(0);
    expect((await user.client.get('/api/dreams/search?q=')).status).toBe(400);
    expect((await user.client.get('/api/dreams/search?q=' + 'x'.repeat(201))).status).toBe(400);
    // websearch syntax never errors, even for odd input
    const odd = await user.client.get('/api/dreams/search?q=' + encodeURIComponent('"unclosed -( & | !!'));
    expect(odd.status).toBe(200);
  });

  it('ranks title matches first, pages past the end with the total kept, and says when the total is a lower bound', async () => {
    const user = await signUp(ctx.baseUrl);
    const hour = 3_600_000;
    const start = Date.UTC(2024, 0, 1);
    // 230 dreams that mention a comet in passing, then one older dream with the comet in its title.
    await ctx.db.insert(dreams).values([
      {
        userId: user.user.id,
        title: 'The comet',
        narrative: 'A tail of fire.',
        tags: [],
        createdAt: new Date(start - hour),
      },
      ...Array.from({ length: 230 }, (_, i) => ({
        userId: user.user.id,
        title: `Night ${i}`,
        narrative: 'Far away a comet crossed the sky while I walked home along the river.',
        tags: [],
        createdAt: new Date(start + i * hour),
      })),
    ]);
    // 230 matches: only the newest 200 are candidates, so the title match (the oldest) is not among them.
    const common = await user.client.get<SearchResults>('/api/dreams/search?q=comet&limit=5');
    expect(common.body).toMatchObject({ total: 200, totalExact: false });
    expect(common.body.results.map((r) => r.dream.title)).toEqual([
      'Night 229',
      'Night 228',
      'Night 227',
      'Night 226',
      'Night 225',
    ]);
    // The next group of 200 matches holds the title match, which outranks the narrative matches there.
    const nextGroup = await user.client.get<SearchResults>('/api/dreams/search?q=comet&limit=2&offset=199');
    expect(nextGroup.body.results.map((r) => r.dream.title)).toEqual(['Night 30', 'The comet']);
    const deep = await user.client.get<SearchResults>('/api/dreams/search?q=comet&limit=5&offset=226');
    expect(deep.body).toMatchObject({ total: 231, totalExact: true });
    expect(deep.body.results.map((r) => r.dream.title)).toEqual([
      'Night 4',
      'Night 3',
      'Night 2',
      'Night 1',
      'Night 0',
    ]);
    const first = await user.client.get<SearchResults>('/api/dreams/search?q=comet&limit=1&offset=230');
    expect(first.body.results.map((r) => r.dream.title)).toEqual(['Night 0']);
    // Paging through every match shows each dream exactly once.
    const seen: number[] = [];
    for (let offset = 0; offset < 260; offset += 20) {
      const page = await user.client.get<SearchResults>(`/api/dreams/search?q=comet&limit=20&offset=${offset}`);
      seen.push(...page.body.results.map((r) => r.dream.id));
    }
    expect(seen).toHaveLength(231);
    expect(new Set(seen).size).toBe(231);
    const titled = await user.client.get<SearchResults>('/api/dreams/search?q=comet%20tail&limit=3');
    expect(titled.body).toMatchObject({ total: 1, totalExact: true });
    expect(titled.body.results[0]?.dream.title).toBe('The comet');
    // Past the end: no results, the count is still there.
    const past = await user.client.get<SearchResults>('/api/dreams/search?q=comet%20tail&offset=40');
    expect(past.body).toEqual({ results: [], total: 1, totalExact: true });
    const none = await user.client.get<SearchResults>('/api/dreams/search?q=zeppelin');
    expect(none.body).toEqual({ results: [], total: 0, totalExact: true });
  });
});

describe('intentions', () => {
  it('creates, lists newest first (default 3), adds notes and marks success', async () => {
    const user = await signUp(ctx.baseUrl);
    const texts = ['First', 'Second', 'Third', 'Fourth'];
    for (const [i, text] of texts.entries()) {
      const res = await user.client.post<Intention>('/api/intentions', {
        text,
        date: new Date(Date.UTC(2026, 0, i + 1)).toISOString(),
        userId: 0,
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ text, completed: false, notes: null, dreamId: null });
    }
    const previous = await user.client.get<Intention[]>('/api/intentions/previous');
    expect(previous.body.map((i) => i.text)).toEqual(['Fourth', 'Third', 'Second']);
    expect((await user.client.get<Intention[]>('/api/intentions/previous?limit=10')).body).toHaveLength(4);
    const target = previous.body[0];
    if (!target) throw new Error('missing intention');
    const updated = await user.client.patch<Intention>(`/api/intentions/${target.id}`, {
      notes: 'Saw my hands!',
      completed: true,
    });
    expect(updated.body).toMatchObject({ notes: 'Saw my hands!', completed: true });
    expect((await bob.client.patch(`/api/intentions/${target.id}`, { completed: false })).status).toBe(404);
    expect((await user.client.get<Intention>(`/api/intentions/${target.id}`)).body.completed).toBe(true);
  });

  it('rejects an empty or too long intention and bad updates', async () => {
    expect((await alice.client.post('/api/intentions', { text: '   ' })).body.message).toBe(MSG.intentionRequired);
    expect((await alice.client.post('/api/intentions', {})).body.message).toBe(MSG.intentionRequired);
    expect((await alice.client.post('/api/intentions', { text: 'x'.repeat(501) })).status).toBe(400);
    const own = await alice.client.post<Intention>('/api/intentions', { text: 'Fly tonight' });
    expect((await alice.client.patch(`/api/intentions/${own.body.id}`, { completed: 'yes' })).status).toBe(400);
    expect((await alice.client.patch(`/api/intentions/${own.body.id}`, { text: 'changed' })).status).toBe(400);
    expect((await alice.client.get<Intention>(`/api/intentions/${own.body.id}`)).body).toMatchObject({
      text: 'Fly tonight',
      completed: false,
    });
  });
});
