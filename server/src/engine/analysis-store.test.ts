import { describe, expect, it } from 'vitest';
import { analysisWith } from '../../test/analyses';
import { AnalysisStore, analysisContentHash } from './analysis-store';
import type { AnalysisTable, DreamAnalysis, DreamForEngine, StoredAnalysis } from './types';
import { testDream } from '../../test/engine';

/** A stand-in analyser: one symbol per distinct word, so different texts give different analyses. */
const wordAnalysis = (dream: DreamForEngine): DreamAnalysis =>
  analysisWith([...new Set(dream.narrative.toLowerCase().match(/[a-z]+/g) ?? [])]);

function counting(fingerprint: string, limit = 100) {
  const reads: string[] = [];
  const store = new AnalysisStore({
    fingerprint,
    limit,
    analyse: (dream) => {
      reads.push(dream.narrative);
      return Promise.resolve(wordAnalysis(dream));
    },
  });
  return { store, reads };
}

/** The table's contract in memory: rows by dream id. */
class RowTable implements AnalysisTable {
  readonly rows = new Map<number, StoredAnalysis>();
  saves = 0;
  load(dreamIds: number[]): Promise<StoredAnalysis[]> {
    return Promise.resolve(dreamIds.flatMap((id) => this.rows.get(id) ?? []));
  }
  save(rows: StoredAnalysis[]): Promise<void> {
    this.saves += 1;
    for (const row of rows) this.rows.set(row.dreamId, structuredClone(row));
    return Promise.resolve();
  }
}

const dream = testDream;

describe('analysis store', () => {
  it('reads a dream once and returns the same analysis on a hit, keyed by content', async () => {
    const { store, reads } = counting('kb-a');
    const d = dream('A red door in the sea.');
    const first = await store.get(d);
    const again = await store.get(d);
    expect(again).toBe(first);
    // Another dream with the same content is the same analysis; any change of content is a new one.
    expect(await store.get({ ...d, id: 999 })).toBe(first);
    const retitled = await store.get({ ...d, title: 'Door' });
    expect(retitled).not.toBe(first);
    await store.get({ ...d, tags: ['sea'] });
    await store.get({ ...d, timePeriod: 'recurring' });
    expect(reads).toHaveLength(4);
    expect(analysisContentHash(d)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps at most its limit in memory, dropping the least recently used', async () => {
    const { store, reads } = counting('kb-a', 3);
    const one = dream('one');
    const two = dream('two');
    const three = dream('three');
    for (const d of [one, two, three]) await store.get(d);
    await store.get(one); // "one" is now the most recently used
    await store.get(dream('four'));
    await store.get(dream('five'));
    expect(store.size).toBe(3);
    expect(reads).toEqual(['one', 'two', 'three', 'four', 'five']);
    expect(store.has(one)).toBe(true);
    expect(store.has(two)).toBe(false);
    expect(store.has(three)).toBe(false);
    await store.get(two);
    expect(reads.at(-1)).toBe('two');
    expect(store.size).toBe(3);
  });

  it('serves table rows of the same content and fingerprint, and saves what the table lacks in one batch', async () => {
    const table = new RowTable();
    const ds = [dream('a cat on a roof'), dream('a dog in a boat'), dream('a bird over a city')];
    const writer = counting('kb-a');
    const written = await writer.store.getMany(ds, table);
    expect(table.saves).toBe(1);
    expect([...table.rows.values()].map((r) => r.fingerprint)).toEqual(['kb-a', 'kb-a', 'kb-a']);
    // A new process with the same knowledge base: nothing is read again, nothing saved again.
    const restarted = counting('kb-a');
    const served = await restarted.store.getMany(ds, table);
    expect(restarted.reads).toEqual([]);
    expect(served).toEqual(written);
    expect(table.saves).toBe(1);
  });

  it('misses rows made from another knowledge base or from other content, and replaces them', async () => {
    const table = new RowTable();
    const d = dream('a cat on a roof');
    await counting('kb-a').store.getMany([d], table);
    const planted = table.rows.get(d.id);
    if (!planted) throw new Error('no row saved');
    // A row whose analysis differs from what the analyser would say: served only while it is valid.
    planted.analysis = { ...planted.analysis, lucid: true };
    expect((await counting('kb-a').store.get(d, table)).lucid).toBe(true);

    const edited = counting('kb-b');
    const fresh = await edited.store.get(d, table);
    expect(edited.reads).toEqual(['a cat on a roof']);
    expect(fresh.lucid).toBe(false);
    expect(table.rows.get(d.id)).toMatchObject({ fingerprint: 'kb-b', contentHash: analysisContentHash(d) });

    const rewritten = { ...d, narrative: 'a cat under a roof' };
    const reread = counting('kb-b');
    await reread.store.get(rewritten, table);
    expect(reread.reads).toEqual(['a cat under a roof']);
    expect(table.rows.get(d.id)?.contentHash).toBe(analysisContentHash(rewritten));
  });
});

describe('analysis store at scale', () => {
  it('reads at most a bound of unread dreams during a request and the rest in the background', async () => {
    const { store, reads } = counting('kb-s');
    const table = new RowTable();
    const dreams = Array.from({ length: 25 }, (_, i) => dream(`night ${i} word${i}`, { version: `v${i}` }));
    const now = await store.getAvailable(dreams, table, 3);
    expect(reads).toHaveLength(3);
    expect(now.filter((a) => a !== null)).toHaveLength(3);
    expect(now.slice(0, 3).every((a) => a !== null)).toBe(true);
    await store.idle();
    expect(reads).toHaveLength(25);
    expect([...table.rows.values()].map((r) => r.dreamVersion).sort()).toEqual(dreams.map((d) => d.version).sort());
    // Everything is stored now: a second request reads nothing.
    const later = await store.getAvailable(dreams, table, 3);
    expect(later.every((a) => a !== null)).toBe(true);
    expect(reads).toHaveLength(25);
  });

  it('saves a still valid row again with the dream’s version, without reading the dream', async () => {
    const { store, reads } = counting('kb-v');
    const table = new RowTable();
    const d = dream('owl and moon', { version: 'v1' });
    table.rows.set(d.id, {
      dreamId: d.id,
      contentHash: analysisContentHash(d),
      fingerprint: 'kb-v',
      analysis: analysisWith(['planted']),
      dreamVersion: null,
    });
    const [a] = await store.getMany([d], table);
    expect(a?.symbols.map((s) => s.name)).toEqual(['planted']);
    expect(reads).toEqual([]);
    expect(table.rows.get(d.id)?.dreamVersion).toBe('v1');
  });
});
