import { cp, mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_KB_DIR,
  fingerprintOf,
  indexKnowledgeBase,
  MOTIF_MODEL_FILE,
  SYMBOL_ACCEPTANCE_FILE,
  WORD_PAIRS_FILE,
  readMotifModel,
  loadKnowledgeBase,
  type KbSymbol,
  type KnowledgeBase,
} from './kb/loader';
import { KB_CATEGORIES } from './kb/schema';

const entry = (name: string, extra: Partial<KbSymbol> = {}): KbSymbol => ({
  name,
  category: 'Objects',
  meaning: `A ${name} in a dream is a test entry with enough words to pass the schema.`,
  associations: ['one', 'two', 'three', 'four'],
  synonyms: [],
  phrases: [],
  file: 'symbols/test.json',
  ...extra,
});

/** A copy of the shipped knowledge base in a temporary folder: its symbols and motifs, and these other files. */
async function copyKnowledgeBase(prefix: string, files: string[]): Promise<string> {
  const copy = await mkdtemp(path.join(tmpdir(), prefix));
  await cp(path.join(DEFAULT_KB_DIR, 'symbols'), path.join(copy, 'symbols'), { recursive: true });
  for (const file of ['motifs.json', ...files]) await cp(path.join(DEFAULT_KB_DIR, file), path.join(copy, file));
  return copy;
}

describe('knowledge base on the real files', () => {
  let kb: KnowledgeBase;
  beforeAll(async () => {
    kb = await loadKnowledgeBase();
  });

  it('loads every symbol file and the motifs', () => {
    expect(kb.symbols.length).toBeGreaterThan(300);
    expect(kb.motifs.length).toBeGreaterThan(20);
    const files = new Set(kb.symbols.map((s) => s.file));
    expect(files.size).toBeGreaterThanOrEqual(15);
    for (const s of kb.symbols) expect(KB_CATEGORIES).toContain(s.category);
  });

  it('indexes names, synonyms and multi-word forms', () => {
    expect(kb.byName.get('ocean')?.category).toBe('Water');
    expect(kb.words.get('ocean')?.via).toBe('name');
    expect(kb.words.get('sea')?.symbol.name).toBe('ocean');
    expect(kb.words.get('sea')?.via).toBe('synonym');
    const open = kb.phrases.get('open')?.find((p) => p.words.join(' ') === 'open sea');
    expect(open?.symbol.name).toBe('ocean');
    // Every term resolves to exactly one symbol.
    for (const s of kb.symbols) {
      expect(
        kb.words.get(s.name)?.symbol ?? kb.phrases.get(s.name.split(' ')[0] ?? '')?.find((p) => p.symbol === s)?.symbol,
      ).toBe(s);
    }
  });

  it('has unique motif ids with triggers', () => {
    const ids = kb.motifs.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const m of kb.motifs) expect(m.triggers.length).toBeGreaterThan(0);
  });

  it('fingerprints the content: the same files give the same fingerprint, an edited file another', async () => {
    expect(kb.fingerprint).toMatch(/^[0-9a-f]{32}$/);
    const copy = await copyKnowledgeBase('kb-copy-', [MOTIF_MODEL_FILE, SYMBOL_ACCEPTANCE_FILE, WORD_PAIRS_FILE]);
    try {
      expect((await loadKnowledgeBase(copy)).fingerprint).toBe(kb.fingerprint);
      // One sentence of one meaning changes: no version was bumped, yet the fingerprint moves.
      const file = path.join(copy, 'symbols', 'water.json');
      const entries = JSON.parse(await readFile(file, 'utf8')) as Array<{ name: string; meaning: string }>;
      const ocean = entries.find((e) => e.name === 'ocean');
      if (!ocean) throw new Error('the test expects an ocean entry');
      ocean.meaning = `${ocean.meaning} Edited for the test.`;
      await writeFile(file, JSON.stringify(entries, null, 2));
      const edited = await loadKnowledgeBase(copy);
      expect(edited.fingerprint).not.toBe(kb.fingerprint);
      expect(edited.byName.get('ocean')?.meaning).toMatch(/Edited for the test\.$/);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });

  it('loads the table of neighbouring words, checks it and keys stored analyses by it', async () => {
    expect(kb.wordPairs?.vocabulary.size).toBeGreaterThan(5000);
    expect(kb.wordPairs?.pairs.length).toBeGreaterThan(100_000);
    const copy = await copyKnowledgeBase('kb-pairs-', [MOTIF_MODEL_FILE, SYMBOL_ACCEPTANCE_FILE]);
    try {
      const without = await loadKnowledgeBase(copy);
      expect(without.wordPairs).toBeUndefined();
      expect(without.fingerprint).not.toBe(kb.fingerprint);
      await writeFile(
        path.join(copy, WORD_PAIRS_FILE),
        JSON.stringify({ about: 'x', dreams: 1, vocabulary: [], pairs: '' }),
      );
      await expect(loadKnowledgeBase(copy)).rejects.toThrow(/word-pairs\.json is invalid/);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });

  it('loads the learnt motif model, checks it and keys stored analyses by it', async () => {
    expect(kb.motifModel?.motifs.length).toBeGreaterThan(10);
    const copy = await copyKnowledgeBase('kb-model-', []);
    try {
      // Without a model the knowledge base still loads, under another fingerprint.
      const without = await loadKnowledgeBase(copy);
      expect(without.motifModel).toBeUndefined();
      expect(without.fingerprint).not.toBe(kb.fingerprint);
      const model = JSON.parse(await readFile(path.join(DEFAULT_KB_DIR, MOTIF_MODEL_FILE), 'utf8')) as {
        motifs: Record<string, unknown>;
      };
      model.motifs['no-such-motif'] = { bias: 0, weights: [] };
      await writeFile(path.join(copy, MOTIF_MODEL_FILE), JSON.stringify(model));
      await expect(loadKnowledgeBase(copy)).rejects.toThrow(/unknown motif "no-such-motif"/);
      expect(() => readMotifModel({ about: 'too short' }, kb.motifs)).toThrow(/motif-model\.json is invalid/);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });

  it('puts the lexicon files and the engine version into the fingerprint', () => {
    const file = { file: 'lexicon/stopwords.json', text: '{"items": ["a"]}' };
    const files = [file];
    const base = fingerprintOf(files);
    expect(fingerprintOf([{ ...file, text: '{"items": ["a", "an"]}' }])).not.toBe(base);
    expect(fingerprintOf([{ ...file, file: 'lexicon/other.json' }])).not.toBe(base);
    expect(fingerprintOf(files, 'engine-next')).not.toBe(base);
    expect(fingerprintOf(files)).toBe(base);
  });
});

describe('knowledge base validation', () => {
  it('rejects a term claimed by two entries, naming both files and entries', async () => {
    const a = entry('lantern', { synonyms: ['lamp'], file: 'symbols/objects.json' });
    const b = entry('lamp', { file: 'symbols/technology.json' });
    await expect(indexKnowledgeBase([a, b], [])).rejects.toThrow(
      /the term "lamp" of symbols\/technology\.json "lamp" \(name\) is already used by symbols\/objects\.json "lantern" \(synonym\)/,
    );
  });

  it('rejects duplicate names across files', async () => {
    await expect(
      indexKnowledgeBase([entry('lamp', { file: 'symbols/a.json' }), entry('lamp', { file: 'symbols/b.json' })], []),
    ).rejects.toThrow(/duplicate symbol name "lamp" in symbols\/a\.json and symbols\/b\.json/);
  });

  it('rejects a motif that excludes an unknown symbol or motif', async () => {
    const kb = await loadKnowledgeBase();
    const [motif] = kb.motifs;
    if (!motif) throw new Error('no motif');
    await expect(
      indexKnowledgeBase([entry('lamp')], [{ ...motif, implies: [], excludes: { motifs: [], symbols: ['lantern'] } }]),
    ).rejects.toThrow(/excludes "lantern", which is no symbol/);
    await expect(
      indexKnowledgeBase(
        [entry('lamp')],
        [{ ...motif, implies: [], excludes: { motifs: ['nothing-such'], symbols: [] } }],
      ),
    ).rejects.toThrow(/excludes "nothing-such", which is no motif/);
  });

  it('rejects an unknown category', async () => {
    await expect(indexKnowledgeBase([entry('lamp', { category: 'Furniture' })], [])).rejects.toThrow(
      /unknown category "Furniture"/,
    );
  });

  describe('files on disk', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'kb-'));
      await mkdir(path.join(dir, 'symbols'));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('names the file and entry of an invalid symbol', async () => {
      const bad = { ...entry('Lamp'), file: undefined };
      await writeFile(path.join(dir, 'symbols', 'objects.json'), JSON.stringify([bad]));
      await writeFile(path.join(dir, 'motifs.json'), '[]');
      await expect(loadKnowledgeBase(dir)).rejects.toThrow(
        /symbols\/objects\.json entry 0 \("Lamp"\) is invalid: name/,
      );
    });

    it('names a file that is not JSON', async () => {
      await writeFile(path.join(dir, 'symbols', 'objects.json'), '[{');
      await expect(loadKnowledgeBase(dir)).rejects.toThrow(/symbols\/objects\.json is not valid JSON/);
    });

    it('reports a missing motifs file', async () => {
      await writeFile(
        path.join(dir, 'symbols', 'objects.json'),
        JSON.stringify([{ ...entry('lamp'), file: undefined }]),
      );
      await rm(path.join(dir, 'motifs.json'), { force: true });
      await expect(loadKnowledgeBase(dir)).rejects.toThrow(/cannot read motifs\.json/);
    });

    it('names an invalid motif', async () => {
      await writeFile(path.join(dir, 'motifs.json'), JSON.stringify([{ id: 'Bad Id', name: 'x' }]));
      await expect(loadKnowledgeBase(dir)).rejects.toThrow(/motifs\.json entry 0 \("x"\) is invalid: id/);
    });
  });
});
