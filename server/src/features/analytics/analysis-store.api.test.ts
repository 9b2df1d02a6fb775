import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dream } from '@common/schemas/dreams';
import { dreamAnalyses } from '../../db/schema';
import { createEngine } from '../../engine';
import { analysisContentHash } from '../../engine/analysis-store';
import { DEFAULT_KB_DIR, loadKnowledgeBase } from '../../engine/kb/loader';
import type { DreamAnalysis, InterpretationEngine } from '../../engine/types';
import { analysisWith } from '../../../test/analyses';
import { startTestApp, type TestContext } from '../../../test/app';
import { lazyEngine } from '../../../test/engine';
import { signUp, type SignedInUser } from '../../../test/factories';
import { dreamAnalysisTable } from './analyses';
import { dreamSigns } from './dream-signs';

/**
 * The engine's analysis store over the real dream_analyses table: rows are keyed by the dream's
 * content and the knowledge-base fingerprint, so a process with the same knowledge base reuses
 * them and one with an edited knowledge base (no version bump) reads the dreams again.
 */

const silent = { info: () => undefined, warn: () => undefined };
const engine = lazyEngine();
let ctx: TestContext;
let user: SignedInUser;
let editedKb: string;
let edited: InterpretationEngine;
let defaultFingerprint: string;

beforeAll(async () => {
  ctx = await startTestApp({}, engine);
  user = await signUp(ctx.baseUrl);
  defaultFingerprint = (await loadKnowledgeBase()).fingerprint;
  // A copy of the knowledge base with one sentence added to one meaning, and no version bump.
  editedKb = await mkdtemp(path.join(tmpdir(), 'kb-edited-'));
  await cp(path.join(DEFAULT_KB_DIR, 'symbols'), path.join(editedKb, 'symbols'), { recursive: true });
  await cp(path.join(DEFAULT_KB_DIR, 'motifs.json'), path.join(editedKb, 'motifs.json'));
  const file = path.join(editedKb, 'symbols', 'water.json');
  const entries = JSON.parse(await readFile(file, 'utf8')) as Array<{ name: string; meaning: string }>;
  const ocean = entries.find((e) => e.name === 'ocean');
  if (!ocean) throw new Error('the test expects an ocean entry');
  ocean.meaning = `${ocean.meaning} An edited sentence.`;
  await writeFile(file, JSON.stringify(entries, null, 2));
  edited = createEngine({ provider: 'local', log: silent, kbDir: editedKb });
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await rm(editedKb, { recursive: true, force: true });
});

async function record(title: string, narrative: string): Promise<Dream> {
  const res = await user.client.post<Dream>('/api/dreams', { title, narrative, tags: [] });
  expect(res.status).toBe(201);
  return res.body;
}

const rowsOf = (dreamIds: number[]) =>
  ctx.db.select().from(dreamAnalyses).where(inArray(dreamAnalyses.dreamId, dreamIds)).orderBy(dreamAnalyses.dreamId);

/** An analysis only a stored row can hold: its one symbol is in no dream and no knowledge base. */
const planted = analysisWith(['planted']);

const toEngine = (d: Dream) => ({ ...d, timePeriod: d.timePeriod ?? null, date: d.date ? new Date(d.date) : null });

describe('analysis store over dream_analyses', () => {
  it('serves rows of the same content and fingerprint, and reads dreams again for an edited knowledge base', async () => {
    const dreams = [
      await record('Ocean', 'I swam in the ocean under a full moon.'),
      await record('Ocean again', 'The ocean rose into my bedroom.'),
    ];
    const ids = dreams.map((d) => d.id);

    // Rows saved earlier (by another process) with the shipped knowledge base, holding a planted symbol.
    await ctx.db.insert(dreamAnalyses).values(
      dreams.map((d) => ({
        dreamId: d.id,
        userId: user.user.id,
        contentHash: analysisContentHash(toEngine(d)),
        kbFingerprint: defaultFingerprint,
        analysis: planted,
      })),
    );
    const saved = await rowsOf(ids);

    // Same knowledge base: the rows' analyses are served as they are (the planted symbol recurs, no
    // dream is read again); the rows only gain the dream's version, which lets SQL see them as current.
    const signs = await user.client.get<{ signs: Array<{ key: string; count: number }> }>('/api/analytics/dream-signs');
    expect(signs.status).toBe(200);
    expect(signs.body.signs.find((s) => s.key === 'planted')?.count).toBe(2);
    const versioned = await rowsOf(ids);
    expect(
      versioned.map(({ analysis, contentHash, kbFingerprint }) => ({ analysis, contentHash, kbFingerprint })),
    ).toEqual(saved.map(({ analysis, contentHash, kbFingerprint }) => ({ analysis, contentHash, kbFingerprint })));
    for (const row of versioned) expect(row.dreamUpdatedAt).not.toBeNull();
    // Now current: a second request writes nothing.
    await user.client.get('/api/analytics/dream-signs');
    expect(await rowsOf(ids)).toEqual(versioned);

    // Edited knowledge base, same version: every row misses, is read again and replaced.
    const fresh = await dreamSigns(ctx.db, edited, user.user.id);
    expect(fresh.signs.find((s) => s.key === 'planted')).toBeUndefined();
    expect(fresh.signs.find((s) => s.key === 'ocean')?.count).toBe(2);
    expect(fresh.analysedDreams).toBeGreaterThanOrEqual(2);
    const replaced = await rowsOf(ids);
    const editedFingerprint = (await loadKnowledgeBase(editedKb)).fingerprint;
    expect(editedFingerprint).not.toBe(defaultFingerprint);
    for (const row of replaced) {
      expect(row.kbFingerprint).toBe(editedFingerprint);
      const ocean = (row.analysis as DreamAnalysis).symbols.find((s) => s.name === 'ocean');
      expect(ocean?.meaning).toMatch(/An edited sentence\.$/);
    }

    // A second request with the edited knowledge base is a hit: nothing is written again.
    await dreamSigns(ctx.db, edited, user.user.id);
    expect(await rowsOf(ids)).toEqual(replaced);
  });

  it('reads again a row left by the old engine-version key, and skips a dream deleted meanwhile', async () => {
    const kept = await record('Moon', 'A full moon over a quiet lake.');
    await ctx.db.insert(dreamAnalyses).values({
      dreamId: kept.id,
      userId: user.user.id,
      contentHash: analysisContentHash(toEngine(kept)),
      kbFingerprint: 'engine-1',
      analysis: planted,
    });
    const gone = await record('Gone', 'A snake in the grass.');
    expect((await user.client.delete(`/api/dreams/${gone.id}`)).status).toBe(200);
    // The deleted dream is still in the list being read, as in a request racing the delete.
    const [moon, snake] = await engine.analyseMany(
      [toEngine(kept), toEngine(gone)],
      dreamAnalysisTable(ctx.db, user.user.id),
    );
    expect(moon?.symbols.map((s) => s.name)).toContain('moon');
    expect(snake?.symbols.map((s) => s.name)).toContain('snake');
    const [row] = await rowsOf([kept.id]);
    expect(row?.kbFingerprint).toBe(defaultFingerprint);
    expect((row?.analysis as DreamAnalysis).symbols.map((s) => s.name)).toContain('moon');
    expect(await rowsOf([gone.id])).toEqual([]);
  });
});
