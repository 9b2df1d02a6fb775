import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../index';
import { DEFAULT_KB_DIR, KnowledgeBaseError, loadKnowledgeBase, SYMBOL_ACCEPTANCE_FILE } from '../kb/loader';
import type { DetectedSymbol } from '../types';
import { acceptance, acceptanceFeatures, acceptSymbols } from './symbol-acceptance';
import { learnableDreams, testDream } from '../../../test/engine';

/** Issue 11, item 1: the learnt last look at each found symbol (analysis/symbol-acceptance.ts). */

const silent = { info: () => undefined, warn: () => undefined };
const withModel = createEngine({ provider: 'local', log: silent });
let copy = '';
let withoutModel: ReturnType<typeof createEngine>;

beforeAll(async () => {
  copy = await mkdtemp(path.join(tmpdir(), 'kb-no-acceptance-'));
  await cp(path.join(DEFAULT_KB_DIR, 'symbols'), path.join(copy, 'symbols'), { recursive: true });
  await cp(path.join(DEFAULT_KB_DIR, 'motifs.json'), path.join(copy, 'motifs.json'));
  await cp(path.join(DEFAULT_KB_DIR, 'motif-model.json'), path.join(copy, 'motif-model.json'));
  withoutModel = createEngine({ provider: 'local', log: silent, kbDir: copy });
  await Promise.all([withModel.ready(), withoutModel.ready()]);
}, 120_000);

afterAll(async () => {
  await rm(copy, { recursive: true, force: true });
});

const symbol = (over: Partial<DetectedSymbol>): DetectedSymbol => ({
  name: 'wave',
  category: 'Water',
  surface: 'waved',
  via: 'synonym',
  count: 1,
  meaning: '',
  mention: 'the wave',
  excerpt: 'she waved her hand at me',
  plural: false,
  sentences: [0],
  inTitle: false,
  ...over,
});

describe('symbol acceptance', () => {
  it('describes a found symbol by how it was found and the words beside it', () => {
    const features = acceptanceFeatures(symbol({}), 30);
    expect(features).toEqual(
      expect.arrayContaining(['S:wave', 'V:synonym', 'C:Water', 'SV:wave|synonym', 'SS:wave|waved', 'L0']),
    );
    expect(features).toEqual(expect.arrayContaining(['SN:wave|hand', 'SN:wave|she']));
    // The word it was found as is not its own neighbour; one mention, read from a word.
    expect(features).not.toContain('SN:wave|waved');
    expect(features).not.toContain('K2');
    expect(features).not.toContain('M');
    const more = acceptanceFeatures(symbol({ count: 3, surface: 'the water kept coming up', excerpt: '' }), 300);
    expect(more).toEqual(expect.arrayContaining(['K2', 'SK2:wave', 'M', 'SM:wave', 'L3']));
  });

  it('keeps a symbol at or above the threshold and leaves out one below it, in a dream of four or more', () => {
    const model = { threshold: 0.5, bias: 0, weights: new Map([['SN:wave|hand', -2]]) };
    expect(acceptance(model, symbol({}), 30)).toBeLessThan(0.5);
    expect(acceptance(model, symbol({ excerpt: 'a wave broke over the wall' }), 30)).toBe(0.5);
    const others = ['sea', 'sand', 'beach'].map((name) => symbol({ name, surface: name, excerpt: `the ${name}` }));
    const { kept, left } = acceptSymbols(model, [symbol({}), ...others], 30);
    expect(kept.map((s) => s.name)).toEqual(['sea', 'sand', 'beach']);
    expect([...left]).toEqual(['wave']);
    // One read from a typo is kept (the analyser passes the names its corrections gave).
    expect(acceptSymbols(model, [symbol({}), ...others], 30, new Set(['wave'])).kept).toHaveLength(4);
    // Fewer than four found: every one is kept.
    expect(acceptSymbols(model, [symbol({}), ...others.slice(1)], 30).kept).toHaveLength(3);
    expect(acceptSymbols(undefined, [symbol({}), ...others], 30).kept).toHaveLength(4);
    // The dreamer's own title or tag, and a number told as a number, are never left out.
    const low = { threshold: 0.5, bias: -5, weights: new Map<string, number>() };
    const own = [
      symbol({ name: 'snake', sentences: [], inTitle: true }),
      symbol({ name: 'cat', inTitle: true }),
      symbol({ name: 'ocean', via: 'tag', sentences: [] }),
      symbol({ name: 'seven', category: 'Numbers', surface: 'seven', excerpt: 'the number seven on every door' }),
      symbol({ name: 'three', category: 'Numbers', surface: 'three', excerpt: 'three crows on the wall' }),
    ];
    expect(acceptSymbols(low, own, 30).kept.map((s) => s.name)).toEqual(['snake', 'cat', 'ocean', 'seven']);
  });

  it('refuses a model whose features and weights differ in length', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kb-bad-acceptance-'));
    try {
      await cp(path.join(DEFAULT_KB_DIR, 'symbols'), path.join(dir, 'symbols'), { recursive: true });
      await cp(path.join(DEFAULT_KB_DIR, 'motifs.json'), path.join(dir, 'motifs.json'));
      await writeFile(
        path.join(dir, SYMBOL_ACCEPTANCE_FILE),
        JSON.stringify({
          about: 'a broken model for the loader test',
          trainedOn: {},
          settings: {},
          threshold: 0.3,
          bias: 0,
          features: ['S:wave', 'S:sea'],
          weights: [1],
        }),
      );
      await expect(loadKnowledgeBase(dir)).rejects.toBeInstanceOf(KnowledgeBaseError);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('was trained on the dev halves and training sets only', async () => {
    const model = JSON.parse(await readFile(path.join(DEFAULT_KB_DIR, SYMBOL_ACCEPTANCE_FILE), 'utf8')) as {
      trainedOn: Record<string, number>;
    };
    expect(model.trainedOn.training).toBeGreaterThan(8000);
    for (const [group, count] of Object.entries(model.trainedOn)) {
      if (group === 'in-sample') continue;
      // A training set's items are all split 'train'; a held-out set's test half is never learnt from.
      expect(count, group).toBe(await learnableDreams(group));
    }
  });

  it('ships a model, and the knowledge base fingerprint covers it', async () => {
    const kb = await loadKnowledgeBase();
    expect(kb.symbolAcceptance?.weights.size).toBeGreaterThan(1000);
    const without = await loadKnowledgeBase(copy);
    expect(without.symbolAcceptance).toBeUndefined();
    expect(without.fingerprint).not.toBe(kb.fingerprint);
  });
});

describe('symbol acceptance in the reading', () => {
  const namesOf = async (engine: typeof withModel, text: string) =>
    (await engine.analyse(testDream(text))).symbols.map((s) => s.name);
  const beach =
    'We drove to the beach and a hundred seagulls were on the sand. My sister laughed and the waves came right up to the car.';

  it('leaves out a count and keeps the images of the dream', async () => {
    expect(await namesOf(withoutModel, beach)).toContain('hundred');
    const names = await namesOf(withModel, beach);
    expect(names).not.toContain('hundred');
    expect(names).toEqual(expect.arrayContaining(['beach', 'bird', 'sand', 'sibling', 'wave', 'car']));
  });

  it('keeps every image of a dream with few', async () => {
    for (const text of [
      'A bee stung my hand.',
      'I saw three crows on the wall.',
      'The witch did magic in the kitchen.',
    ])
      expect(await namesOf(withModel, text), text).toEqual(await namesOf(withoutModel, text));
  });

  it('does not report a symbol it left out as denied', async () => {
    const text = `${beach} There weren't a hundred cars though.`;
    const a = await withModel.analyse(testDream(text));
    expect(await namesOf(withoutModel, text)).toContain('hundred');
    expect(a.symbols.map((s) => s.name)).not.toContain('hundred');
    expect(a.negated).not.toContain('hundred');
    expect(a.negatedMentions?.map((n) => n.symbol)).not.toContain('hundred');
  });
});
