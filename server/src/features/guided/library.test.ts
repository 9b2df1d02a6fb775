import { describe, expect, it } from 'vitest';
import { spokenWords } from './compose';
import { BLOCK_KINDS, GuidedContentError, loadBlocks, loadLibrary, parseBlocks, parseLibraryFile } from './library';

const header = (fields: string) => `---\n${fields}\n---\n`;
const GOOD = 'title: Test\ndescription: A test.\ntype: exercise\ndifficulty: beginner\nduration: 10\ntags: a, b';

describe('library files', () => {
  it('reads the header and keeps the practice text', () => {
    const item = parseLibraryFile('test', `${header(GOOD)}\n## Step one\n\n1. Breathe.\n\n[pause 30s]\n`);
    expect(item).toMatchObject({
      title: 'Test',
      contentType: 'exercise',
      difficulty: 'beginner',
      duration: 10,
      isPremium: false,
      featured: false,
      tags: ['a', 'b'],
      content: '## Step one\n\n1. Breathe.\n\n[pause 30s]',
    });
  });

  it.each([
    ['no header', 'Just text', /no --- header/],
    ['an unknown type', header(GOOD.replace('exercise', 'yoga')) + 'x', /type/],
    ['a duration over 45', header(GOOD.replace('10', '50')) + 'x', /duration/],
    ['a premium flag that is not true or false', header(`${GOOD}\npremium: yes`) + 'x', /premium/],
    ['an empty text', header(GOOD), /empty/],
    ['a line that is not key: value', header(`${GOOD}\nnonsense`) + 'x', /key: value/],
  ])('names the file and the problem for %s', (_name, source, message) => {
    expect(() => parseLibraryFile('broken', source)).toThrow(GuidedContentError);
    expect(() => parseLibraryFile('broken', source)).toThrow(/library\/broken\.md/);
    expect(() => parseLibraryFile('broken', source)).toThrow(message);
  });

  it('ships at least 30 items across every type and difficulty, 5 to 45 minutes, some premium', () => {
    const items = loadLibrary();
    expect(items.length).toBeGreaterThanOrEqual(30);
    expect(new Set(items.map((i) => i.contentType)).size).toBe(3);
    expect(new Set(items.map((i) => i.difficulty)).size).toBe(3);
    expect(items.some((i) => i.isPremium)).toBe(true);
    for (const i of items) expect(spokenWords(i.content), i.slug).toBeGreaterThan(150);
  });
});

describe('blocks.json', () => {
  const block = (id: string, text: string) => ({ id, types: ['meditation'], difficulty: ['beginner'], text });
  const library = (extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      ...Object.fromEntries(BLOCK_KINDS.map((k) => [k, [block(`${k}-1`, 'Breathe {focus}.')]])),
      ...extra,
    });

  it('reads every kind', () => {
    expect(Object.keys(parseBlocks(library()))).toEqual([...BLOCK_KINDS]);
  });

  it('refuses placeholders in blocks not named for them, repeated ids, missing kinds and bad JSON', () => {
    expect(() => parseBlocks(library({ settle: [block('settle-1', 'As you asked: {preferences}.')] }))).toThrow(
      /settle-1 uses \{preferences\}/,
    );
    expect(() => parseBlocks(library({ settle: [block('settle-1', 'Notice {sign}.')] }))).toThrow(
      /settle-1 uses \{sign\}/,
    );
    expect(() => parseBlocks(library({ return: [block('settle-1', 'Again.')] }))).toThrow(/used twice/);
    const noReturn = JSON.parse(library()) as Record<string, unknown>;
    delete noReturn.return;
    expect(() => parseBlocks(JSON.stringify(noReturn))).toThrow(/return/);
    expect(() => parseBlocks('{')).toThrow(/not valid JSON/);
  });

  it('ships at least six variants of every kind', () => {
    const blocks = loadBlocks();
    for (const kind of BLOCK_KINDS) expect(blocks[kind].length, kind).toBeGreaterThanOrEqual(6);
  });
});
