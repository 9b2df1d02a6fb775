import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dream, SearchResults } from '@common/schemas/dreams';
import type { JournalExport } from '@common/schemas/transfer';
import { dreams } from '../../db/schema';
import { startTestApp, type TestContext } from '../../../test/app';
import { signUp, type SignedInUser } from '../../../test/factories';
import { JOURNAL_ORDER } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const DAY = 24 * 60 * 60 * 1000;

/** The journal order as the issue states it, computed from what the API shows. */
function journalKey(d: Dream): [number, number, number] {
  const recorded = new Date(d.createdAt).getTime();
  const dreamt = d.timePeriod || !d.date ? recorded : new Date(d.date).getTime();
  return [dreamt, recorded, d.id];
}
function byJournalOrder(a: Dream, b: Dream): number {
  const ka = journalKey(a);
  const kb = journalKey(b);
  for (let i = 0; i < 3; i++) if (ka[i] !== kb[i]) return (kb[i] ?? 0) - (ka[i] ?? 0);
  return 0;
}

async function record(user: SignedInUser, title: string, extra: Record<string, unknown> = {}): Promise<Dream> {
  // Every narrative is the same, so a search for "lantern" ranks them all equally.
  const res = await user.client.post<Dream>('/api/dreams', {
    title,
    narrative: 'I carried a lantern through the dark.',
    tags: [],
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('journal order: by the dream’s date, then when it was written down', () => {
  let dreamer: SignedInUser;
  let expected: string[];

  beforeAll(async () => {
    dreamer = await signUp(ctx.baseUrl);
    const yesterday = new Date(Date.now() - DAY).toISOString();
    // Written down in this order, a week of back-filling.
    await record(dreamer, 'Yesterday at the lake', { date: yesterday });
    await record(dreamer, 'February staircase', { date: '2025-02-10T12:00:00.000Z' });
    await record(dreamer, 'October harbour', { date: '2025-10-02T12:00:00.000Z' });
    // A time of life, no exact date: its "date" says nothing about when it was dreamt.
    await record(dreamer, 'Childhood attic', { timePeriod: 'early_childhood', date: '2019-03-01T12:00:00.000Z' });
    await record(dreamer, 'Yesterday, written second', { date: yesterday });
    await record(dreamer, 'This morning');
    // Restored from a backup: a period dream written down long ago, whose "date" is a later day.
    const restored = await dreamer.client.post('/api/import', {
      format: 'json',
      data: {
        format: 'dream-traveler-journal',
        version: 1,
        exportedAt: '2026-01-01T00:00:00.000Z',
        username: 'someone',
        intentions: [],
        dreams: [
          {
            ref: 1,
            title: 'Teenage corridor',
            narrative: 'I carried a lantern through the dark.',
            date: new Date(Date.now() - 2 * DAY).toISOString(),
            timePeriod: 'adolescence',
            tags: [],
            intentionRef: null,
            createdAt: '2024-05-01T08:00:00.000Z',
          },
        ],
      },
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expected = [
      'This morning',
      'Childhood attic',
      'Yesterday, written second',
      'Yesterday at the lake',
      'October harbour',
      'February staircase',
      'Teenage corridor',
    ];
  });

  it('lists the journal (GET /api/dreams) by dream date: back-filled February and October sit below yesterday', async () => {
    const res = await dreamer.client.get<Dream[]>('/api/dreams');
    expect(res.status).toBe(200);
    expect(res.body.map((d) => d.title)).toEqual(expected);
    // The sort key stays in the database.
    const keys = Object.keys(res.body[0] ?? {});
    expect(keys).toContain('date');
    expect(keys).not.toContain('sortAt');
    expect(keys).not.toContain('sort_at');
  });

  it('orders recent dreams (Home, Journal) the same way, cached or not, and re-orders when a date is edited', async () => {
    for (let i = 0; i < 2; i++) {
      const recent = await dreamer.client.get<Dream[]>('/api/dreams/recent?limit=20');
      expect(recent.body.map((d) => d.title)).toEqual(expected);
      const home = await dreamer.client.get<Dream[]>('/api/dreams/recent?limit=3');
      expect(home.body.map((d) => d.title)).toEqual(expected.slice(0, 3));
    }
    const all = (await dreamer.client.get<Dream[]>('/api/dreams')).body;
    const october = all.find((d) => d.title === 'October harbour');
    const moved = await dreamer.client.patch<Dream>(`/api/dreams/${october?.id}`, {
      date: new Date(Date.now() - 12 * 60 * 60 * 1000).toISOString(),
    });
    expect(moved.status).toBe(200);
    const after = await dreamer.client.get<Dream[]>('/api/dreams/recent?limit=20');
    expect(after.body.map((d) => d.title)).toEqual([
      'This morning',
      'Childhood attic',
      'October harbour',
      'Yesterday, written second',
      'Yesterday at the lake',
      'February staircase',
      'Teenage corridor',
    ]);
    await dreamer.client.patch(`/api/dreams/${october?.id}`, { date: '2025-10-02T12:00:00.000Z' });
    expect((await dreamer.client.get<Dream[]>('/api/dreams/recent?limit=20')).body.map((d) => d.title)).toEqual(
      expected,
    );
  });

  it('gives equally ranked search results in journal order', async () => {
    const res = await dreamer.client.get<SearchResults>('/api/dreams/search?q=lantern&limit=50');
    expect(res.status).toBe(200);
    expect(res.body.results.map((r) => r.dream.title)).toEqual(expected);
  });

  it('exports in journal order: the JSON oldest first, the Markdown as the journal reads', async () => {
    const json = await dreamer.client.get<JournalExport>('/api/export?format=json');
    expect(json.body.dreams.map((d) => d.title)).toEqual([...expected].reverse());
    const res = await fetch(`${ctx.baseUrl}/api/export?format=markdown`, {
      headers: { cookie: dreamer.client.cookie ?? '' },
    });
    const headings = (await res.text())
      .split('\n')
      .filter((line) => line.startsWith('## ') && line !== '## Intentions')
      .map((line) => line.slice(3));
    expect(headings).toEqual(expected);
  });
});

describe('paging through the journal', () => {
  it('pages with no duplicates and no gaps, in journal order, with ties on the date', async () => {
    const pager = await signUp(ctx.baseUrl);
    const days = ['2025-03-01T12:00:00.000Z', '2024-07-15T12:00:00.000Z', '2025-12-24T12:00:00.000Z'];
    for (let i = 0; i < 23; i++) {
      const extra =
        i % 5 === 0
          ? { timePeriod: 'recurring', date: days[i % 3] }
          : i % 7 === 0
            ? {} // today
            : { date: days[i % 3] };
      await record(pager, `Dream ${i}`, extra);
    }
    const all = (await pager.client.get<Dream[]>('/api/dreams')).body;
    expect(all).toHaveLength(23);
    expect(all.map((d) => d.id)).toEqual([...all].sort(byJournalOrder).map((d) => d.id));

    const paged: Dream[] = [];
    for (let offset = 0; offset < 30; offset += 4) {
      const page = await pager.client.get<Dream[]>(`/api/dreams?limit=4&offset=${offset}`);
      expect(page.status).toBe(200);
      paged.push(...page.body);
    }
    expect(new Set(paged.map((d) => d.id)).size).toBe(23);
    expect(paged.map((d) => d.id)).toEqual(all.map((d) => d.id));

    // Search pages the same way (one word matches all 23).
    const found: number[] = [];
    for (let offset = 0; offset < 30; offset += 5) {
      const page = await pager.client.get<SearchResults>(`/api/dreams/search?q=lantern&limit=5&offset=${offset}`);
      found.push(...page.body.results.map((r) => r.dream.id));
    }
    expect(found).toEqual(all.map((d) => d.id));
  });
});

describe('the journal index', () => {
  it('serves the list order straight from the (user, sort_at, created_at, id) index, with no sort step', async () => {
    const owner = await signUp(ctx.baseUrl);
    await record(owner, 'Indexed dream');
    const query = ctx.db
      .select({ id: dreams.id })
      .from(dreams)
      .where(eq(dreams.userId, owner.user.id))
      .orderBy(...JOURNAL_ORDER)
      .limit(20)
      .toSQL();
    const plan = await ctx.db.transaction(async (tx) => {
      // A few rows would be read with a scan and a sort; ask for the plan the index allows.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return tx.execute(sql.raw(`explain ${inline(query.sql, query.params)}`));
    });
    const text = plan.rows.map((r) => Object.values(r).join('')).join('\n');
    expect(text).toMatch(/Index (Only )?Scan Backward using dreams_user_sort_idx/);
    expect(text).not.toMatch(/\bSort\b/);
  });
});

/** The query's parameters written into its text (numbers only), so EXPLAIN can plan it. */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_m, n: string) => {
    const value = params[Number(n) - 1];
    if (typeof value !== 'number') throw new Error(`unexpected parameter ${String(value)}`);
    return String(value);
  });
}
