import type { SearchResults } from '@common/schemas/dreams';

/** Where the next page of server search results starts, or undefined when this page was the last. */
export function nextSearchOffset(page: SearchResults, offset: number, limit: number): number | undefined {
  if (page.results.length < limit) return undefined;
  const next = offset + page.results.length;
  if (page.totalExact && next >= page.total) return undefined;
  return next;
}

/** "12 dreams match", or "More than 200 dreams match" when the server stopped counting. */
export function searchSummary(total: number, totalExact: boolean): string {
  if (!totalExact) return `More than ${total} dreams match`;
  return total === 1 ? '1 dream matches' : `${total} dreams match`;
}
