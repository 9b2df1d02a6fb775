import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../index';
import { DEFAULT_KB_DIR, loadKnowledgeBase, MOTIF_MODEL_FILE, readMotifModel } from '../kb/loader';
import { learntMotifs, learntSymbols } from './motif-model';
import { learnableDreams, testDream } from '../../../test/engine';

/** Issue 11, item 1: the learnt half of motif recognition (analysis/motif-model.ts). */

const silent = { info: () => undefined, warn: () => undefined };
const withModel = createEngine({ provider: 'local', log: silent });
let copy = '';
let withoutModel: ReturnType<typeof createEngine>;

beforeAll(async () => {
  copy = await mkdtemp(path.join(tmpdir(), 'kb-no-model-'));
  await cp(path.join(DEFAULT_KB_DIR, 'symbols'), path.join(copy, 'symbols'), { recursive: true });
  await cp(path.join(DEFAULT_KB_DIR, 'motifs.json'), path.join(copy, 'motifs.json'));
  withoutModel = createEngine({ provider: 'local', log: silent, kbDir: copy });
  await Promise.all([withModel.ready(), withoutModel.ready()]);
}, 120_000);

afterAll(async () => {
  await rm(copy, { recursive: true, force: true });
});

const dream = testDream;
const motifsOf = async (engine: typeof withModel, text: string) =>
  (await engine.analyse(dream(text))).motifs.map((m) => m.id);

describe('learnt motifs', () => {
  it('finds a motif told in words no trigger knows, and cites the sentence that weighed most', async () => {
    const text =
      'I was at the station and the train doors closed just as I got there. The next one was not for hours and the meeting had started.';
    expect(await motifsOf(withoutModel, text)).not.toContain('being-late');
    const a = await withModel.analyse(dream(text));
    const late = a.motifs.find((m) => m.id === 'being-late');
    expect(late).toBeDefined();
    expect(late?.sentence).toBeGreaterThanOrEqual(0);
  });

  it('adds nothing to a denied story, a figure of speech or words in quotes', async () => {
    for (const text of [
      'Nobody broke in. I never heard the back door, nobody went through the drawers and I did not hide.',
      'Work was a zoo and my boss was breathing down my neck, but I kept my head above water.',
      'She said "someone broke in and went through the drawers while we hid under the duvet".',
    ])
      expect(await motifsOf(withModel, text), text).toEqual(await motifsOf(withoutModel, text));
  });

  it('leaves lucidity, visits from the dead, teeth, celebrities and births to the triggers', async () => {
    const kb = await loadKnowledgeBase();
    const learnt = new Set(kb.motifModel?.motifs.map((m) => m.id));
    for (const id of [
      'becoming-lucid',
      'deceased-visitor',
      'teeth-falling-out',
      'meeting-a-celebrity',
      'pregnancy-birth',
    ])
      expect(learnt.has(id), id).toBe(false);
    expect(learnt.has('being-chased')).toBe(true);
  });

  it('was trained on the dev halves and training sets only', async () => {
    const model = JSON.parse(await readFile(path.join(DEFAULT_KB_DIR, MOTIF_MODEL_FILE), 'utf8')) as {
      trainedOn: Record<string, number>;
    };
    for (const [group, count] of Object.entries(model.trainedOn)) {
      if (group === 'in-sample' || group === 'paraphrases') continue;
      // A training set's items are all split 'train'; a held-out set's test half is never learnt from.
      expect(count, group).toBe(await learnableDreams(group));
    }
  });

  it('needs the threshold and two words of the dream, not one symbol', async () => {
    const kb = await loadKnowledgeBase();
    const model = readMotifModel(
      {
        about: 'a hand-made model for the test',
        trainedOn: {},
        settings: {},
        threshold: 0.5,
        features: ['U:follow', 'B:behind_me', 'S:chase', 'U:run'],
        motifs: {
          'being-chased': {
            bias: -1,
            weights: [
              [0, 0.6],
              [1, 0.6],
              [2, 3],
              [3, 0.1],
            ],
          },
        },
      },
      kb.motifs,
    );
    const feats = (entries: Array<[string, number]>) => new Map(entries);
    // Two words weigh enough: found, in the sentence of the stronger one.
    expect(
      learntMotifs(
        model,
        feats([
          ['U:follow', 2],
          ['B:behind_me', 3],
        ]),
      ),
    ).toEqual([
      {
        id: 'being-chased',
        probability: expect.closeTo(1 / (1 + Math.exp(-0.2)), 6),
        sentence: 2,
        word: { text: 'follow', sentence: 2 },
      },
    ]);
    // A symbol alone is over the threshold but is one thing, not a story.
    expect(
      learntMotifs(
        model,
        feats([
          ['S:chase', 0],
          ['U:follow', 0],
        ]),
      ),
    ).toEqual([]);
    // Under the threshold.
    expect(
      learntMotifs(
        model,
        feats([
          ['U:follow', 0],
          ['U:run', 0],
        ]),
      ),
    ).toEqual([]);
  });
});

describe('symbols the story implies', () => {
  const file = (symbols: Record<string, { bias: number; weights: Array<[number, number]> }>) => ({
    about: 'a hand-made model for the test',
    trainedOn: {},
    settings: {},
    threshold: 0.5,
    features: ['B:could_not', 'U:move', 'S:bed', 'U:chest'],
    motifs: {},
    symbolThreshold: 0.7,
    symbols,
  });

  it('are read at their own threshold, from two words of the dream, cited by the word that weighed most', async () => {
    const kb = await loadKnowledgeBase();
    const model = readMotifModel(
      file({
        paralysis: {
          bias: -2,
          weights: [
            [0, 1.2],
            [1, 1.5],
            [2, 2],
            [3, 0.4],
          ],
        },
      }),
      kb.motifs,
      new Set(kb.byName.keys()),
    );
    const found = learntSymbols(
      model,
      new Map([
        ['B:could_not', 1],
        ['U:move', 1],
        ['U:chest', 2],
      ]),
    );
    expect(found).toEqual([
      {
        id: 'paralysis',
        probability: expect.closeTo(1 / (1 + Math.exp(-1.1)), 6),
        sentence: 1,
        word: { text: 'move', sentence: 1 },
      },
    ]);
    // Below the symbol threshold (0.7), though over the motifs' (0.5).
    expect(
      learntSymbols(
        model,
        new Map([
          ['B:could_not', 0],
          ['U:chest', 0],
        ]),
      ),
    ).toEqual([]);
    // A symbol of the dream alone is no story.
    expect(
      learntSymbols(
        model,
        new Map([
          ['S:bed', 0],
          ['U:move', 0],
        ]),
      ),
    ).toEqual([]);
  });

  it('must name symbols of the knowledge base', async () => {
    const kb = await loadKnowledgeBase();
    expect(() =>
      readMotifModel(file({ 'sleep gremlin': { bias: 0, weights: [] } }), kb.motifs, new Set(kb.byName.keys())),
    ).toThrow(/unknown symbol "sleep gremlin"/);
  });
});

describe('learnt motifs and what the dream withholds', () => {
  it('never claims a motif the dream denies, however its other words lean', async () => {
    for (const text of [
      'Nobody chased me. I was running through the dark streets, hiding in doorways, scared.',
      'I ran through the alleys and hid in a doorway, scared, but nobody was chasing me.',
    ])
      expect(await motifsOf(withModel, text), text).not.toContain('being-chased');
    expect(
      await motifsOf(withModel, 'I ran through the alleys and hid in a doorway, scared, and a man was chasing me.'),
    ).toContain('being-chased');
  });
});
