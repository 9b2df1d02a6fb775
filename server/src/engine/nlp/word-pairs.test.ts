import { describe, expect, it } from 'vitest';
import { readWordPairs } from '../kb/loader';
import { decodePairs, encodePairs, pairWords, readPairs, VOCABULARY_LIMIT } from './word-pairs';

describe('word pairs', () => {
  it('round-trips sorted pair codes, large gaps included', () => {
    const codes = [0, 1, 127, 128, 16_384, 3 * VOCABULARY_LIMIT + 7, 65_000 * VOCABULARY_LIMIT + 65_000];
    expect([...decodePairs(encodePairs(codes))]).toEqual(codes);
  });

  it('counts the known neighbours a text has, and those seen together', () => {
    const vocabulary = ['the', 'cat', 'sat', 'on', 'mat'];
    const index = new Map(vocabulary.map((w, i) => [w, i]));
    const code = (a: string, b: string) => (index.get(a) as number) * VOCABULARY_LIMIT + (index.get(b) as number);
    const pairs = [code('the', 'cat'), code('cat', 'sat'), code('sat', 'on'), code('on', 'the')].sort((a, b) => a - b);
    const table = readWordPairs({
      about: 'a table written for this test only',
      dreams: 1,
      vocabulary,
      pairs: encodePairs(pairs),
    });
    // the-cat, cat-sat, sat-on, on-the seen; the-mat not; "purple" is unknown, so its pairs are not counted.
    expect(readPairs('The cat sat on the mat, purple.', table)).toEqual({ pairs: 5, seen: 4, functionShare: 3 / 7 });
    expect(pairWords('I didn’t know')).toEqual(['i', "didn't", 'know']);
  });

  it('refuses a table whose pairs are out of order', () => {
    expect(() =>
      readWordPairs({
        about: 'a table written for this test only',
        dreams: 1,
        vocabulary: ['a', 'b'],
        pairs: encodePairs([3, 3]),
      }),
    ).toThrow(/not in order/);
  });
});
