import type { SearchResults } from '@common/schemas/dreams';

/** Where the next page of server search results starts, or undefined when this page was the last. */
export function nextSearchOffset(page: SearchResults, offset: number, limit: number): number | undefined {
  if (page.results.length < limit) return undefined;
  const next = offset + page.results.length;
  if (page.totalExact && next >= page.total) return undefined;
  return next;
}

/**
 * The one count above the search results, about the list below it: "12 dreams match" when every match
 * is listed, otherwise how many of how many are shown ("more than 200" when the server stopped counting).
 */
export function searchSummary(shown: number, total: number, totalExact: boolean): string {
  if (totalExact && shown >= total) return shown === 1 ? '1 dream matches' : `${shown} dreams match`;
  return totalExact
    ? `Showing ${shown} of ${total} matching dreams`
    : `Showing ${shown} of more than ${total} matching dreams`;
}
