/** Small text helpers shared by the matcher, the composer and the WordNet linking. */

export const STOPWORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by
  can could did do does doing down during each few for from further had has have having he her here hers herself him
  himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other
  our ours ourselves out over own same she should so some such than that the their theirs them themselves then there
  these they this those through to too under until up very was we were what when where which while who whom why will
  with would you your yours yourself yourselves also one ones something someone somebody anything anyone everything
  everyone nothing thing things usually often may might much many e.g. etc used especially like way get got
  kind sort lot really back even still just
  `
    .split(/\s+/)
    .filter(Boolean),
);

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
