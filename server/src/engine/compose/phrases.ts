import type { DreamDocument, Token } from '../analysis/document';
import { wordList } from '../kb/lexicon';
import type { DetectedSymbol } from '../types';

/**
 * Quotes of the dream that end where a phrase ends. A long sentence is cut after a word that can
 * close a phrase (a noun, a verb, an adverb, a pronoun) and never inside a noun phrase: "over a dark
 * ocean under a full" cannot happen, because "full" is followed by the noun it describes.
 */

const CLAUSE_BREAKS = wordList('fragment-clause-breaks');
const WEAK_ENDS = wordList('fragment-weak-ends');
/** Parts of speech a quote may end on. */
const CLOSING = new Set(['NOUN', 'PROPN', 'PRON', 'NUM', 'ADV', 'VERB', 'ADJ']);
/** Pronouns that open a clause: a quote ending on one leaves its verb behind ("even though he"). */
const SUBJECTS = new Set(['i', 'he', 'she', 'we', 'they', 'who', 'it', 'you', 'that', 'which']);
/** Words that open a subordinate clause, beyond the lexicon's clause breaks: a quote stops before them. */
const OPENERS = new Set(['though', 'although', 'even', 'if', 'unless', 'whereas', 'since', 'who', 'that', 'which']);
/** A word followed by one of these is inside a phrase that goes on. */
const CONTINUING = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM', 'PART']);

interface Placed {
  token: Token;
  start: number;
  end: number;
}

/** The sentence's tokens with their character offsets in the sentence text. */
function place(text: string, tokens: Token[]): Placed[] {
  const out: Placed[] = [];
  let cursor = 0;
  for (const token of tokens) {
    const at = text.indexOf(token.text, cursor);
    if (at < 0) continue;
    out.push({ token, start: at, end: at + token.text.length });
    cursor = at + token.text.length;
  }
  return out;
}

function sentenceTokens(doc: DreamDocument, index: number): { text: string; placed: Placed[] } | null {
  const sentence = doc.sentences[index];
  if (!sentence) return null;
  return { text: sentence.text, placed: place(sentence.text, doc.tokens.slice(sentence.start, sentence.end)) };
}

/** Whether a quote may end after word k of the placed tokens. */
function canEndAfter(placed: Placed[], k: number): boolean {
  const here = placed[k]?.token;
  if (!here || !here.isWord) return false;
  if (!CLOSING.has(here.pos) || WEAK_ENDS.has(here.normal) || SUBJECTS.has(here.normal) || OPENERS.has(here.normal))
    return false;
  const next = placed.slice(k + 1).find((p) => p.token.isWord || /[,;:]/.test(p.token.text));
  if (!next) return true;
  if (!next.token.isWord) return true;
  return !CONTINUING.has(next.token.pos) || CLAUSE_BREAKS.has(next.token.normal) || OPENERS.has(next.token.normal);
}

function trimEnd(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?…,;:]+["”’]?$/, '');
}

/**
 * The dream's sentence `index` as a quotable fragment of at most `maxWords` words: whole when short,
 * otherwise cut at a clause break or after the last word that closes a phrase.
 */
export function sentenceFragment(doc: DreamDocument, index: number, maxWords = 14): string | null {
  const found = sentenceTokens(doc, index);
  if (!found) return null;
  const { text, placed } = found;
  const words = placed.filter((p) => p.token.isWord);
  if (words.length <= maxWords) return trimEnd(text) || null;
  const positions = placed.map((p, k) => ({ p, k })).filter(({ p }) => p.token.isWord);
  let cut = -1;
  // A clause break or punctuation after a phrase-closing word is the best place.
  for (let w = Math.min(maxWords, positions.length - 1) - 1; w >= 4 && cut < 0; w -= 1) {
    const k = positions[w]?.k ?? -1;
    const after = placed[k + 1]?.token;
    if (
      canEndAfter(placed, k) &&
      after &&
      (/[,;:]/.test(after.text) || CLAUSE_BREAKS.has(after.normal) || OPENERS.has(after.normal))
    )
      cut = k;
  }
  for (let w = Math.min(maxWords, positions.length) - 1; w >= 3 && cut < 0; w -= 1) {
    const k = positions[w]?.k ?? -1;
    if (canEndAfter(placed, k)) cut = k;
  }
  const end = placed[cut]?.end;
  if (end === undefined) return null;
  return `${trimEnd(text.slice(0, end))}…`;
}

/**
 * A few words of the dream around a symbol's first occurrence ("flew over the rooftops"), ending at
 * a phrase boundary; null when the symbol is not in the narrative.
 */
export function symbolExcerpt(doc: DreamDocument, symbol: DetectedSymbol, maxWords = 7): string | null {
  const index = symbol.sentences[0];
  if (index === undefined) return null;
  const found = sentenceTokens(doc, index);
  if (!found) return null;
  const { text, placed } = found;
  const surface = symbol.surface.toLowerCase().split(/\s+/);
  const at = placed.findIndex((p) => p.token.normal === surface[0] || p.token.text.toLowerCase() === surface[0]);
  if (at < 0) return null;
  const words = placed.map((p, k) => ({ p, k })).filter(({ p }) => p.token.isWord);
  const w = words.findIndex(({ k }) => k === at);
  // Start at the phrase's opening: up to three words before, not crossing punctuation.
  let first = w;
  while (first > 0 && w - first < 3) {
    const prev = words[first - 1];
    const between = placed.slice((prev?.k ?? 0) + 1, words[first]?.k ?? 0);
    if (!prev || between.some((p) => !p.token.isWord) || CLAUSE_BREAKS.has(prev.p.token.normal)) break;
    first -= 1;
  }
  // End within the symbol's own clause: before the next punctuation mark or clause break.
  let limit = Math.min(words.length - 1, first + maxWords - 1);
  for (let e = w + surface.length; e <= limit; e += 1) {
    const here = words[e];
    const between = placed.slice((words[e - 1]?.k ?? 0) + 1, here?.k ?? 0);
    const word = here?.p.token.normal ?? '';
    if (!here || between.some((p) => !p.token.isWord) || CLAUSE_BREAKS.has(word) || OPENERS.has(word)) {
      limit = e - 1;
      break;
    }
  }
  let last = -1;
  for (let e = limit; e >= w + surface.length - 1; e -= 1) {
    const k = words[e]?.k ?? -1;
    if (canEndAfter(placed, k)) {
      last = k;
      break;
    }
  }
  if (last < 0) return null;
  const start = placed[words[first]?.k ?? at]?.start ?? 0;
  const end = placed[last]?.end ?? 0;
  const excerpt = text.slice(start, end).replace(/\s+/g, ' ').trim();
  return excerpt.split(' ').length >= 2 ? excerpt : null;
}
