import { describe, expect, it } from 'vitest';
import { pageEntries } from './pages-list';

describe('pageEntries', () => {
  it('lists every page up to 7', () => {
    expect(pageEntries(1, 1)).toEqual([1]);
    expect(pageEntries(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('uses ellipses with one sibling beyond 7', () => {
    expect(pageEntries(1, 8)).toEqual([1, 2, 'ellipsis-end', 8]);
    expect(pageEntries(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
    expect(pageEntries(10, 10)).toEqual([1, 'ellipsis-start', 9, 10]);
    expect(pageEntries(3, 10)).toEqual([1, 2, 3, 4, 'ellipsis-end', 10]);
  });
});
