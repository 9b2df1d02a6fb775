import { LIMITS } from '@common/limits';
import { wordVariants } from './search-words';

/**
 * What a search box text asks for. Words must all match (each also by its other spellings and
 * synonyms), "or" between two words accepts either, "a phrase" in quotes matches as written, -word
 * excludes, #tag (or #"two words") keeps dreams with that tag and -#tag drops them.
 *
 * Only letters, digits and marks ever reach PostgreSQL as search words: everything else splits words,
 * so no input can form query syntax of its own.
 */
export interface ParsedSearch {
  tags: string[];
  excludedTags: string[];
  clauses: SearchClause[];
  /** The last word, when it may be the start of a word still being typed ("kitch" finds "kitchen"). */
  prefix: string | null;
}

/** One condition: any of its alternatives matches (negated: none of them does). */
export interface SearchClause {
  alternatives: SearchAlternative[];
  negated: boolean;
}

export type SearchAlternative = { kind: 'word'; word: string } | { kind: 'phrase'; words: string[] };

const MAX_CLAUSES = 32;
const MAX_TAGS = LIMITS.tags.maxCount;
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
// -#"tag words" | -#tag | -"phrase" | word-ish token (a missing closing quote runs to the end)
const TOKEN = /(-?)#"([^"]*)"?|(-?)#(\S*)|(-?)"([^"]*)"?|(\S+)/gu;

function words(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).slice(0, MAX_CLAUSES);
}

function normalizeTag(text: string): string {
  return text.trim().toLowerCase();
}

export function parseSearch(input: string): ParsedSearch {
  // Control characters (NUL among them) are never part of a word.
  const text = input.replace(/\p{Cc}/gu, ' ');
  const parsed: ParsedSearch = { tags: [], excludedTags: [], clauses: [], prefix: null };
  let orPending = false;
  const add = (clause: SearchClause) => {
    const previous = parsed.clauses.at(-1);
    if (orPending && previous && !previous.negated && !clause.negated) {
      previous.alternatives.push(...clause.alternatives);
    } else if (parsed.clauses.length < MAX_CLAUSES) {
      parsed.clauses.push(clause);
    }
    orPending = false;
  };
  for (const m of text.matchAll(TOKEN)) {
    const [, quotedTagMinus, quotedTag, tagMinus, tag, phraseMinus, phrase, plain] = m;
    const tagText = quotedTag ?? tag;
    if (tagText !== undefined) {
      const name = normalizeTag(tagText);
      const list = (quotedTagMinus ?? tagMinus) === '-' ? parsed.excludedTags : parsed.tags;
      if (name && name.length <= LIMITS.tags.maxLength && list.length < MAX_TAGS && !list.includes(name)) {
        list.push(name);
      }
      continue;
    }
    if (phrase !== undefined) {
      const ws = words(phrase);
      if (ws.length) add({ alternatives: [alternative(ws)], negated: phraseMinus === '-' });
      continue;
    }
    if (plain === undefined) continue;
    if (plain.toLowerCase() === 'or') {
      orPending = parsed.clauses.length > 0;
      continue;
    }
    const negated = plain.startsWith('-');
    const ws = words(negated ? plain.slice(1) : plain);
    if (!ws.length) continue;
    if (negated) {
      // "-kitchen-table" excludes the pair, not each word.
      add({ alternatives: [alternative(ws)], negated: true });
    } else {
      for (const w of ws) add({ alternatives: [{ kind: 'word', word: w }], negated: false });
    }
  }
  const last = parsed.clauses.at(-1);
  const lastAlt = last?.alternatives.at(-1);
  if (last && !last.negated && lastAlt?.kind === 'word' && isGuessable(lastAlt.word, 2)) parsed.prefix = lastAlt.word;
  return parsed;
}

/** A word worth guessing about: this many characters or more, with a letter (not a number). */
function isGuessable(word: string, minLength: number): boolean {
  return [...word].length >= minLength && /\p{L}/u.test(word);
}

function alternative(ws: string[]): SearchAlternative {
  return ws.length === 1 ? { kind: 'word', word: ws[0] ?? '' } : { kind: 'phrase', words: ws };
}

/**
 * The text given to websearch_to_tsquery for one alternative: the word with its spellings and
 * synonyms joined by "or", or a quoted phrase. Built only from WORD characters, spaces and quotes.
 */
export function alternativeText(alt: SearchAlternative): string {
  if (alt.kind === 'phrase') return `"${alt.words.join(' ')}"`;
  return wordVariants(alt.word)
    .map((v) => (v.includes(' ') ? `"${v}"` : v))
    .join(' or ');
}

/** Words worth a typo-tolerant look-up: plain, wanted (not excluded), 4 letters or more, not a number. */
export function fuzzyCandidates(parsed: ParsedSearch, max = 8): string[] {
  const out = new Set<string>();
  for (const clause of parsed.clauses) {
    if (clause.negated) continue;
    for (const alt of clause.alternatives) {
      if (alt.kind === 'word' && isGuessable(alt.word, 4)) out.add(alt.word);
    }
  }
  return [...out].slice(0, max);
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const rows: number[][] = Array.from({ length: s.length + 1 }, (_, i) =>
    Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= s.length; i++) {
    const row = rows[i] as number[];
    const up = rows[i - 1] as number[];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (rows[s.length] as number[])[t.length] as number;
}

/** A look-alike term of the user's dreams for a search word, as dt_similar_terms returns it. */
export interface SimilarTerm {
  word: string;
  normalized: string;
  /** The word itself is one of the user's terms. */
  known: boolean;
  term: string;
  wordStem: string;
  termStem: string;
}

/**
 * Which look-alike terms count as the word mistyped (or the dream's word mistyped). A word the user's
 * dreams already hold is a real word of theirs: only a single slip in a word of 6 letters or more is
 * taken ("kitchen" finds "kichen", "house" does not find "horse"). An unknown word may be 1 edit away
 * (2 from 8 letters: "kichen" finds "kitchen"). Terms that stem like the word already match.
 */
export function typoTerms(word: string, similar: readonly SimilarTerm[], max = 5): string[] {
  const rows = similar.filter((r) => r.word === word);
  const first = rows[0];
  if (!first) return [];
  const length = [...first.normalized].length;
  const isKnown = first.known || rows.some((r) => r.termStem === r.wordStem);
  const allowed = isKnown ? (length >= 6 ? 1 : 0) : length >= 8 ? 2 : 1;
  if (!allowed) return [];
  return rows
    .filter((r) => r.termStem !== r.wordStem)
    .map((r) => ({
      term: r.term,
      distance: Math.min(editDistance(r.normalized, r.term), editDistance(r.wordStem, r.termStem)),
    }))
    .filter((r) => r.distance <= allowed)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, max)
    .map((r) => r.term);
}
