import { wordList } from '../kb/lexicon';

/** Small text helpers shared by the matcher, the composer and the WordNet linking. */

/** Function words and very general words (kb/lexicon/stopwords.json). */
export const STOPWORDS = wordList('stopwords');

/** Lower-case content words, with a plural "s" removed so "stars" and "star" compare equal. */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [])
    .filter((w) => w.length > 2 && !STOPWORDS.has(w))
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

export function capitalise(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** "a", "b and c" / "a, b and c". */
export function joinList(items: string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1) ?? ''}`;
}

/** Damerau–Levenshtein distance, stopping early once it exceeds `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) {
    const row: number[] = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const prev = rows[i - 1] ?? [];
      let v = Math.min((prev[j] ?? Infinity) + 1, (row[j - 1] ?? Infinity) + 1, (prev[j - 1] ?? Infinity) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, (rows[i - 2]?.[j - 2] ?? Infinity) + 1);
      row.push(v);
      rowMin = Math.min(rowMin, v);
    }
    rows.push(row);
    if (i > 0 && rowMin > max) return max + 1;
  }
  return rows[a.length]?.[b.length] ?? max + 1;
}
