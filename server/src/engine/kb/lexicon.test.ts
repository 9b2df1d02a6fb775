import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_KB_DIR } from './files';
import { LEXICON_LISTS, lexicon, readLexicon } from './lexicon';
import { CATEGORY_ROLES, KB_CATEGORIES } from './schema';

describe('the engine lexicon on the real files', () => {
  it('has every list the rules use, resolved through includes', () => {
    for (const name of LEXICON_LISTS) expect(lexicon.lists[name].size).toBeGreaterThan(0);
    // Shared words live in one list and are included, not repeated.
    const possessives = lexicon.lists.possessives;
    for (const list of ['noun-markers', 'determiners', 'phrase-fillers'] as const)
      for (const word of possessives) expect(lexicon.lists[list].has(word)).toBe(true);
    expect(lexicon.lists.determiners.has('those')).toBe(true);
    expect(lexicon.lists['phrase-fillers'].has('some')).toBe(true);
    expect(lexicon.lists['phrase-fillers'].has('those')).toBe(false);
  });

  it('describes every category and names only known categories in its roles', () => {
    for (const category of KB_CATEGORIES) {
      const info = lexicon.categories.get(category);
      expect(info?.guidance.length).toBeGreaterThan(20);
    }
    for (const role of CATEGORY_ROLES) {
      expect(lexicon.roles[role].size).toBeGreaterThan(0);
      for (const c of lexicon.roles[role]) expect(KB_CATEGORIES).toContain(c);
    }
    expect(lexicon.wordnetCategory('noun.animal')).toBe('Animals');
    expect(lexicon.wordnetCategory('noun.relation')).toBe('Objects');
  });
});

describe('lexicon validation', () => {
  let dir: string;
  const listFile = (name: string) => path.join(dir, 'lexicon', `${name}.json`);
  const rewrite = async (name: string, change: (list: Record<string, unknown>) => void) => {
    const list = JSON.parse(await readFile(listFile(name), 'utf8')) as Record<string, unknown>;
    change(list);
    await writeFile(listFile(name), JSON.stringify(list));
  };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lexicon-'));
    await cp(path.join(DEFAULT_KB_DIR, 'lexicon'), path.join(dir, 'lexicon'), { recursive: true });
    await cp(path.join(DEFAULT_KB_DIR, 'categories.json'), path.join(dir, 'categories.json'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads an unchanged copy', () => {
    expect(readLexicon(dir).lists['name-like']).toEqual(lexicon.lists['name-like']);
  });

  it('names the file of a word that is not lower-case', async () => {
    await rewrite('name-like', (l) => (l.items = ['Rose']));
    expect(() => readLexicon(dir)).toThrow(
      /lexicon\/name-like\.json is invalid: items\.0: lexicon words are lower-case/,
    );
  });

  it('rejects a part-of-speech list with an unknown tag', async () => {
    await rewrite('content-pos', (l) => (l.items = ['NOUN', 'NOUNS']));
    expect(() => readLexicon(dir)).toThrow(/lexicon\/content-pos\.json is invalid: items\.1/);
  });

  it('rejects a word listed twice, or again after an included list has it', async () => {
    await rewrite('locative', (l) => (l.items = ['in', 'in']));
    expect(() => readLexicon(dir)).toThrow(/lexicon\/locative\.json is invalid: items: "in" is listed twice/);
    await cp(path.join(DEFAULT_KB_DIR, 'lexicon', 'locative.json'), listFile('locative'));
    await rewrite('determiners', (l) => (l.items = ['this', 'my']));
    expect(() => readLexicon(dir)).toThrow(
      /lexicon\/determiners\.json repeats "my", which an included list already has/,
    );
  });

  it('rejects unknown and circular includes, and includes of another kind', async () => {
    await rewrite('determiners', (l) => (l.include = ['no-such-list']));
    expect(() => readLexicon(dir)).toThrow(/lexicon\/determiners\.json includes unknown list "no-such-list"/);
    await rewrite('determiners', (l) => (l.include = ['phrase-fillers']));
    await rewrite('phrase-fillers', (l) => (l.include = ['determiners']));
    expect(() => readLexicon(dir)).toThrow(/includes itself/);
    await rewrite('phrase-fillers', (l) => (l.include = ['noun-like-pos']));
    await rewrite('determiners', (l) => (l.include = ['noun-markers']));
    expect(() => readLexicon(dir)).toThrow(
      /phrase-fillers\.json \(words\) cannot include lexicon\/noun-like-pos\.json \(tags\)/,
    );
  });

  it('requires every list the rules use and no other', async () => {
    await rm(listFile('struggle-verbs'));
    expect(() => readLexicon(dir)).toThrow(/lexicon\/struggle-verbs\.json is missing/);
    await cp(path.join(DEFAULT_KB_DIR, 'lexicon', 'struggle-verbs.json'), listFile('struggle-verbs'));
    await cp(listFile('locative'), listFile('unused-words'));
    expect(() => readLexicon(dir)).toThrow(/lexicon\/unused-words\.json is not a list the engine uses/);
  });

  it('requires every category in categories.json, with known roles', async () => {
    const file = path.join(dir, 'categories.json');
    const data = JSON.parse(await readFile(file, 'utf8')) as {
      categories: Record<string, unknown>;
      roles: Record<string, { description: string; categories: string[] }>;
    };
    const { Weather: _weather, ...rest } = data.categories;
    await writeFile(file, JSON.stringify({ ...data, categories: rest }));
    expect(() => readLexicon(dir)).toThrow(/categories\.json is invalid: categories\.Weather/);
    await writeFile(
      file,
      JSON.stringify({
        ...data,
        categories: {
          ...data.categories,
          Weather: { ...(data.categories.Weather as object), wordnetSenses: ['verb.weather'] },
        },
      }),
    );
    expect(() => readLexicon(dir)).toThrow(
      /categories\.json is invalid: categories\.Weather\.wordnetSenses\.0: expected a WordNet noun file/,
    );
    data.roles.quality = { description: 'Qualities colour the images of a dream.', categories: ['Colours'] };
    await writeFile(file, JSON.stringify(data));
    expect(() => readLexicon(dir)).toThrow(/categories\.json is invalid: roles\.quality\.categories\.0/);
  });
});
