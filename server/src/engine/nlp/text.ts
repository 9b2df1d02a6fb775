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

/** A word without its accents ("café" → "cafe", "thấy" → "thay"). */
export function withoutAccents(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '');
}

export function capitalise(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** "a", "b and c" / "a, b and c". */
export function joinList(items: string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1) ?? ''}`;
}
