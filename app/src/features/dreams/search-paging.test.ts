import { describe, expect, it } from 'vitest';
import type { SearchResults } from '@common/schemas/dreams';
import { nextSearchOffset, searchSummary } from './search-paging';

const page = (n: number, total: number, totalExact = true): SearchResults => ({
  results: Array.from({ length: n }, (_, i) => ({
    dream: {
      id: i + 1,
      userId: 1,
      title: 't',
      narrative: 'n',
      date: null,
      timePeriod: null,
      tags: [],
      intentionId: null,
      createdAt: new Date(0).toISOString(),
      updatedAt: new Date(0).toISOString(),
    },
    rank: 0.1,
    snippet: 'n',
  })),
  total,
  totalExact,
});

describe('server search paging', () => {
  it('asks for the next page only while there are more matches', () => {
    expect(nextSearchOffset(page(20, 45), 0, 20)).toBe(20);
    expect(nextSearchOffset(page(20, 45), 20, 20)).toBe(40);
    expect(nextSearchOffset(page(5, 45), 40, 20)).toBeUndefined();
    expect(nextSearchOffset(page(20, 40), 20, 20)).toBeUndefined();
    // A lower bound: there are more than counted, so go on while pages are full.
    expect(nextSearchOffset(page(20, 200, false), 180, 20)).toBe(200);
    expect(nextSearchOffset(page(0, 0), 0, 20)).toBeUndefined();
  });

  it('counts the listed results: all of them, or how many of how many', () => {
    expect(searchSummary(1, 1, true)).toBe('1 dream matches');
    expect(searchSummary(12, 12, true)).toBe('12 dreams match');
    expect(searchSummary(20, 45, true)).toBe('Showing 20 of 45 matching dreams');
    expect(searchSummary(20, 200, false)).toBe('Showing 20 of more than 200 matching dreams');
  });
});
