import { COMMUNITY } from '@common/limits';

export type PageEntry = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The page buttons (spec part 2 §9): every page when there are 7 or fewer; otherwise the first and
 * last, the current page with one sibling on each side, and an ellipsis for each gap.
 */
export function pageEntries(current: number, total: number): PageEntry[] {
  if (total <= COMMUNITY.allPagesUpTo) return Array.from({ length: total }, (_v, i) => i + 1);
  const start = Math.max(2, current - 1);
  const end = Math.min(total - 1, current + 1);
  const entries: PageEntry[] = [1];
  if (start > 2) entries.push('ellipsis-start');
  for (let p = start; p <= end; p += 1) entries.push(p);
  if (end < total - 1) entries.push('ellipsis-end');
  entries.push(total);
  return entries;
}
