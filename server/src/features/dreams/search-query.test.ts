import { describe, expect, it } from 'vitest';
import {
  alternativeText,
  editDistance,
  fuzzyCandidates,
  parseSearch,
  typoTerms,
  type SimilarTerm,
} from './search-query';
import { spellingVariants, wordVariants } from './search-words';

describe('parseSearch', () => {
  it('reads words, phrases, or, exclusions and tags', () => {
    const parsed = parseSearch(
      'Silver "glass  stairs" owl or moon -train -"bad dream" #Recurring #"Flying High" -#nightmare',
    );
    expect(parsed.tags).toEqual(['recurring', 'flying high']);
    expect(parsed.excludedTags).toEqual(['nightmare']);
    expect(parsed.clauses).toEqual([
      { alternatives: [{ kind: 'word', word: 'silver' }], negated: false },
      { alternatives: [{ kind: 'phrase', words: ['glass', 'stairs'] }], negated: false },
      {
        alternatives: [
          { kind: 'word', word: 'owl' },
          { kind: 'word', word: 'moon' },
        ],
        negated: false,
      },
      { alternatives: [{ kind: 'word', word: 'train' }], negated: true },
      { alternatives: [{ kind: 'phrase', words: ['bad', 'dream'] }], negated: true },
    ]);
    expect(parsed.prefix).toBeNull();
    expect(parseSearch('brass ke').prefix).toBe('ke');
    expect(parseSearch('Filler dream 1').prefix).toBeNull();
  });

  it('keeps only letters, digits and marks of words: punctuation and control characters split them', () => {
    const parsed = parseSearch(`%_' or 1=1; --\u0000drop\\table "unclosed`);
    const words = parsed.clauses.flatMap((c) => c.alternatives);
    expect(words).toEqual([
      { kind: 'word', word: '1' },
      { kind: 'word', word: '1' },
      { kind: 'word', word: 'drop' },
      { kind: 'word', word: 'table' },
      { kind: 'word', word: 'unclosed' },
    ]);
    for (const alt of words) expect(alternativeText(alt)).toMatch(/^[\p{L}\p{N}\p{M} "]+$/u);
    expect(parseSearch('% _ \\ # - or').clauses).toEqual([]);
    expect(parseSearch('#').tags).toEqual([]);
  });

  it('bounds the number of clauses and tags', () => {
    expect(parseSearch(Array.from({ length: 80 }, (_, i) => `w${i}`).join(' ')).clauses).toHaveLength(32);
    expect(parseSearch(Array.from({ length: 30 }, (_, i) => `#t${i}`).join(' ')).tags).toHaveLength(20);
  });

  it('picks words of four letters or more, wanted and not numbers, for typo look-ups', () => {
    expect(fuzzyCandidates(parseSearch('kichen owl 2024 -garden "silver train" kichen'))).toEqual(['kichen']);
  });
});

describe('spellings and synonyms', () => {
  it('maps British and American spellings both ways, through common endings', () => {
    expect(spellingVariants('harbor')).toEqual(['harbour']);
    expect(spellingVariants('harbour')).toEqual(['harbor']);
    expect(spellingVariants('colours')).toEqual(['colour', 'color']);
    expect(spellingVariants('realising')).toEqual(['realise', 'realize']);
    expect(spellingVariants('gray')).toEqual(['grey']);
    expect(spellingVariants('kitchen')).toEqual([]);
  });

  it('expands family and dream words, with phrases quoted for websearch', () => {
    expect(wordVariants('grandpa')).toEqual(
      expect.arrayContaining(['grandpa', 'grandfather', 'grandad', 'granddad', 'gramps']),
    );
    expect(wordVariants('mum')).toEqual(expect.arrayContaining(['mother', 'mom', 'mummy', 'mommy']));
    expect(alternativeText({ kind: 'word', word: 'nightmare' })).toBe('nightmare or "bad dream"');
    expect(wordVariants('window')).toEqual(['window']);
  });
});

describe('typo tolerance', () => {
  it('measures edits with swaps of neighbours as one', () => {
    expect(editDistance('kitchen', 'kichen')).toBe(1);
    expect(editDistance('fyling', 'flying')).toBe(1);
    expect(editDistance('kitchen', 'kitten')).toBe(2);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('café', 'cafe')).toBe(1);
  });

  const row = (word: string, term: string, known = false, stems: [string, string] = [word, term]): SimilarTerm => ({
    word,
    normalized: word,
    known,
    term,
    wordStem: stems[0],
    termStem: stems[1],
  });

  it('takes close terms for an unknown word and only slips in long known words', () => {
    expect(typoTerms('kichen', [row('kichen', 'kitchen'), row('kichen', 'chicken')])).toEqual(['kitchen']);
    expect(typoTerms('kitchen', [row('kitchen', 'kichen', true), row('kitchen', 'kitten', true)])).toEqual(['kichen']);
    expect(typoTerms('house', [row('house', 'horse', true)])).toEqual([]);
    expect(typoTerms('house', [row('house', 'horse')])).toEqual(['horse']);
    // A term that stems like the word already matches; the word counts as known.
    expect(typoTerms('house', [row('house', 'houses', false, ['hous', 'hous']), row('house', 'horse')])).toEqual([]);
    expect(typoTerms('lighthouse', [row('lighthouse', 'ligthouses')])).toEqual(['ligthouses']);
  });
});
