import { describe, expect, it } from 'vitest';
import { contextOf, matchDreamSigns, MAX_LIVE_SIGNS } from './live-signs';

const ocean = { key: 'ocean', label: 'Ocean', count: 4, forms: ['ocean', 'sea'] };

describe('matchDreamSigns', () => {
  it('finds the dreamer’s recurring signs by any of their words, and classic signs', () => {
    const text = 'I walked to the Sea at dusk. The clock on the pier had no hands, and I flew.';
    const found = matchDreamSigns(text, [ocean]);
    expect(found.map((m) => [m.id, m.word])).toEqual([
      ['personal:ocean', 'Sea'],
      ['classic:clock', 'clock'],
      ['classic:hands', 'hands'],
      ['classic:flying', 'flew'],
    ]);
    expect(found[0]?.note).toMatch(/4 of your dreams/);
    expect(found.every((m) => m.check.length > 0)).toBe(true);
  });

  it('matches whole words only and finds nothing in an ordinary sentence', () => {
    expect(matchDreamSigns('Seasons changed; the oceanic mood shifted.', [ocean])).toEqual([]);
    expect(matchDreamSigns('We ate soup in the kitchen.', [ocean])).toEqual([]);
  });

  it('prefers a personal sign over a classic one on the same words, and caps the list', () => {
    const hands = { key: 'hand', label: 'Hand', count: 3, forms: ['hand'] };
    expect(matchDreamSigns('my hands glowed', [hands]).map((m) => m.id)).toEqual(['personal:hand']);
    const signs = ['cat', 'door', 'stairs'].map((w) => ({ key: w, label: w, count: 2, forms: [w] }));
    const many = 'text clock hands lamp flying dead sea cat door stairs';
    const all = matchDreamSigns(many, [ocean, ...signs]);
    expect(all).toHaveLength(MAX_LIVE_SIGNS);
    expect(all.map((m) => m.word)).toEqual(many.split(' ').slice(0, MAX_LIVE_SIGNS));
  });

  it('gives a few words of context either side', () => {
    const text = 'Long before any of this, I stood by the sea and waited for the tide to turn back again.';
    const [m] = matchDreamSigns(text, [ocean]);
    if (!m) throw new Error('no match');
    const { before, after } = contextOf(text, m);
    expect(`${before}${m.word}${after}`).toContain('by the sea and');
    expect(before.startsWith('…')).toBe(true);
  });
});
