import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEngine } from '../index';
import { loadKnowledgeBase } from '../kb/loader';
import { testDream } from '../../../test/engine';

/**
 * Issue 11, item 1: motif recall on ways of telling a dream the triggers were not written from.
 * eval/motif-paraphrases.json holds, per motif, dreams that clearly show it and near misses that
 * carry its words without it. Every dream runs through the real local engine.
 */

const FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../eval/motif-paraphrases.json');

/**
 * Recall measured 2026-11-25 (the file's `about` tells the history of its three batches): 0.703 on
 * the first batch before the triggers were broadened; 0.994 (480 / 483) on all of them after. The
 * mark sits three points under the latter, so a real regression fails.
 */
const RECALL_MARK = 0.964;

const fileSchema = z.object({
  about: z.string(),
  motifs: z.record(
    z.string(),
    z.object({ shows: z.array(z.string().min(1)).min(6), nearMisses: z.array(z.string().min(1)).min(2) }),
  ),
});

const silent = { info: () => undefined, warn: () => undefined };
const engine = createEngine({ provider: 'local', log: silent });

interface Outcome {
  motif: string;
  text: string;
  found: string[];
}
const shows: Outcome[] = [];
const nearMisses: Outcome[] = [];
let motifIds: string[] = [];
let known: string[] = [];

const dream = (narrative: string) => testDream(narrative);

beforeAll(async () => {
  await engine.ready();
  const data = fileSchema.parse(JSON.parse(await readFile(FILE, 'utf8')));
  motifIds = Object.keys(data.motifs);
  known = (await loadKnowledgeBase()).motifs.map((m) => m.id);
  for (const [motif, set] of Object.entries(data.motifs)) {
    for (const text of set.shows) {
      const a = await engine.analyse(dream(text));
      shows.push({ motif, text, found: a.motifs.map((m) => m.id) });
    }
    for (const text of set.nearMisses) {
      const a = await engine.analyse(dream(text));
      nearMisses.push({ motif, text, found: a.motifs.map((m) => m.id) });
    }
  }
}, 120_000);

describe('motif paraphrases', () => {
  it('covers every motif of the knowledge base and no other', () => {
    expect([...motifIds].sort()).toEqual([...known].sort());
  });

  it(`recognises at least ${RECALL_MARK} of the dreams that show a motif`, () => {
    const missed = shows.filter((o) => !o.found.includes(o.motif));
    const recall = (shows.length - missed.length) / shows.length;
    const report = missed.map((o) => `${o.motif}: ${o.text}`).join('\n');
    expect(recall, `recall ${recall.toFixed(3)}; missed:\n${report}`).toBeGreaterThanOrEqual(RECALL_MARK);
  });

  it('finds no motif in its near misses', () => {
    const fired = nearMisses.filter((o) => o.found.includes(o.motif)).map((o) => `${o.motif}: ${o.text}`);
    expect(fired).toEqual([]);
  });
});
