import { wordList } from '../kb/lexicon';
import { phraseWords, type KnowledgeBase } from '../kb/loader';
import type { MotifEntry } from '../kb/schema';
import { SliceTimer } from '../util/cooperative';
import type { DreamDocument, Token } from './document';
import type { SymbolHit } from './matcher';

const PHRASE_FILLERS = wordList('phrase-fillers');
const NEGATORS = new Set([
  ...wordList('negation-noun-cues'),
  ...wordList('negation-verbal-cues'),
  ...wordList('subject-negators'),
]);

/**
 * Motifs are recognised from cue terms: a trigger matches when each of its groups has a term
 * present, not negated, within one sentence or anywhere in the dream. A detected symbol also
 * makes its name present where it was found, so "a beagle chased me" satisfies a cue group
 * naming "dog".
 *
 * Two refinements keep broad cues from firing on the wrong subject:
 * - A group holding only hyphens ("---") joins the groups on either side: they must occur in that
 *   order within one sentence, with at most as many words between them as there are hyphens
 *   ("my gran ... passed away", but not "the battery died while I talked to my dad").
 * - A multi-word term that states a negation itself ("no sound come out", "nothing happen") may
 *   match words the negation covers: the denial is what the term describes.
 */

/** The present terms of one scope: single words and the token sequences for multi-word cues. */
interface Scope {
  words: Set<string>;
  sequences: Token[][];
  /** Whether tokens in remarks about the waking past count. */
  backstory: boolean;
  /**
   * The words a multi-word term may use: those of `words` plus the words of comparisons ("legs like
   * lead"), which count inside a phrase but are no image on their own.
   */
  phraseWords: Set<string>;
  /** Symbol names and matched terms found at a token, with the length of the hit. */
  symbolsAt: Map<Token, Array<{ term: string; length: number }>>;
  /** Tokens that are no cue of anything. */
  ignored: Set<Token>;
  /** Whether denied, figurative and quoted words count too (to find the motifs a dream withholds). */
  withheld: boolean;
}

function usable(scope: Scope, t: Token | undefined, negationStated: boolean): t is Token {
  // Words said in the dream are not its events ("She said: 'You are late for yourself'").
  return (
    !!t &&
    (negationStated || scope.withheld || !t.negated) &&
    (scope.withheld || (t.idiom < 0 && !t.quoted && !t.told)) &&
    !scope.ignored.has(t) &&
    (!t.backstory || scope.backstory)
  );
}

/** End (exclusive) of the multi-word term starting at token `s` of `seq`, or -1. */
function phraseEnd(scope: Scope, seq: Token[], s: number, words: string[]): number {
  const negationStated = words.some((w) => NEGATORS.has(w));
  let i = s;
  // "legs like lead" may use a comparison's words; "she looks like my late wife" is all comparison.
  let outsideLikeness = false;
  for (const w of words) {
    while (i < seq.length && PHRASE_FILLERS.has(seq[i]?.normal ?? '') && seq[i]?.normal !== w) i += 1;
    const t = seq[i];
    if (!usable(scope, t, negationStated) || !(t.normal === w || t.forms.includes(w))) return -1;
    if (!t.likeness) outsideLikeness = true;
    i += 1;
  }
  return outsideLikeness ? i : -1;
}

function hasPhrase(scope: Scope, words: string[]): boolean {
  return scope.sequences.some((seq) => seq.some((_, s) => phraseEnd(scope, seq, s, words) >= 0));
}

const termWords = new Map<string, string[]>();
function wordsOf(term: string): string[] {
  let words = termWords.get(term);
  if (!words) termWords.set(term, (words = phraseWords(term)));
  return words;
}

/**
 * A term whose words are not all present cannot match, unless it states a negation (its other
 * words may then be negated): a cheap test before the token sequences are scanned.
 */
function mayMatch(scope: Scope, words: string[]): boolean {
  return words.some((w) => NEGATORS.has(w)) || words.every((w) => scope.phraseWords.has(w));
}

function termPresent(scope: Scope, term: string): boolean {
  const words = wordsOf(term);
  if (words.length <= 1) return scope.words.has(words[0] ?? term);
  return mayMatch(scope, words) && hasPhrase(scope, words);
}

/** A cue group of a chain, split into its single words and its multi-word terms. */
interface CompiledGroup {
  single: Set<string>;
  phrases: string[][];
}

function compile(group: string[]): CompiledGroup {
  const single = new Set<string>();
  const phrases: string[][] = [];
  for (const term of group) {
    const words = wordsOf(term);
    if (words.length > 1) phrases.push(words);
    else single.add(words[0] ?? term);
  }
  return { single, phrases };
}

/** Ends (exclusive) of the terms of `group` that start at token `i` of `seq`. */
function endsAt(scope: Scope, seq: Token[], i: number, group: CompiledGroup): number[] {
  const t = seq[i];
  if (!t) return [];
  const ends: number[] = [];
  for (const words of group.phrases) {
    const end = phraseEnd(scope, seq, i, words);
    if (end >= 0) ends.push(end);
  }
  if (t.isWord && !t.likeness && usable(scope, t, false)) {
    if (group.single.has(t.normal) || t.forms.some((f) => group.single.has(f))) ends.push(i + 1);
    for (const hit of scope.symbolsAt.get(t) ?? []) if (group.single.has(hit.term)) ends.push(i + hit.length);
  }
  return ends;
}

/** A run of groups joined by gap groups: each must follow the one before within `gaps[k - 1]` words. */
interface Chain {
  groups: CompiledGroup[];
  gaps: number[];
}

const GAP = /^-+$/;
const isGap = (group: string[]) => group.length === 1 && GAP.test(group[0] ?? '');

/** Splits a trigger's groups into plain groups and chains joined by gap groups ("---"). */
function partsOf(all: string[][]): Array<string[] | Chain> {
  const parts: Array<string[] | Chain> = [];
  for (let k = 0; k < all.length; k += 1) {
    const group = all[k] ?? [];
    if (isGap(group)) continue;
    const gapBefore = k > 0 && isGap(all[k - 1] ?? []) ? (all[k - 1]?.[0]?.length ?? 0) : -1;
    const last = parts.at(-1);
    if (gapBefore >= 0 && last) {
      const chain: Chain = Array.isArray(last) ? { groups: [compile(last)], gaps: [] } : last;
      chain.groups.push(compile(group));
      chain.gaps.push(gapBefore);
      parts[parts.length - 1] = chain;
    } else parts.push(group);
  }
  // Plain groups are cheap to test: they go first.
  return [...parts.filter((p) => Array.isArray(p)), ...parts.filter((p) => !Array.isArray(p))];
}

function followsFrom(scope: Scope, seq: Token[], from: number, chain: Chain, k: number): boolean {
  const group = chain.groups[k];
  if (!group) return true;
  const gap = chain.gaps[k - 1] ?? 0;
  let between = 0;
  for (let i = from; i < seq.length; i += 1) {
    for (const end of endsAt(scope, seq, i, group)) if (followsFrom(scope, seq, end, chain, k + 1)) return true;
    if (seq[i]?.isWord) between += 1;
    if (between > gap) break;
  }
  return false;
}

function chainPresent(scope: Scope, chain: Chain): boolean {
  const first = chain.groups[0];
  if (!first) return false;
  const possible = (g: CompiledGroup) =>
    [...g.single].some((w) => scope.words.has(w)) || g.phrases.some((words) => mayMatch(scope, words));
  if (!chain.groups.every(possible)) return false;
  return scope.sequences.some((seq) =>
    seq.some((_, s) => endsAt(scope, seq, s, first).some((end) => followsFrom(scope, seq, end, chain, 1))),
  );
}

const triggerParts = new WeakMap<string[][], Array<string[] | Chain>>();

function triggerMatches(scope: Scope, all: string[][]): boolean {
  let parts = triggerParts.get(all);
  if (!parts) triggerParts.set(all, (parts = partsOf(all)));
  return parts.every((part) =>
    Array.isArray(part) ? part.some((term) => termPresent(scope, term)) : chainPresent(scope, part),
  );
}

export interface MotifInput {
  docs: Array<{ doc: DreamDocument; source: 'narrative' | 'title' }>;
  hits: SymbolHit[];
  tags: DreamDocument[];
  /** Tokens that are no cue of anything ("the chair's leg" names no body). */
  ignored?: Set<Token>;
}

export interface MotifMatch {
  motif: MotifEntry;
  /** Narrative sentence where a sentence-scope trigger matched (-1 for the title or the whole dream). */
  sentence: number;
}

interface Scopes {
  sentences: Array<{ scope: Scope; sentence: number }>;
  dream: Scope;
}

function buildScopes(input: MotifInput, backstory: boolean, withheld = false): Scopes {
  const sentences: Scopes['sentences'] = [];
  const symbolsAt: Scope['symbolsAt'] = new Map();
  const ignored = input.ignored ?? new Set<Token>();
  const dream: Scope = {
    words: new Set(),
    phraseWords: new Set(),
    sequences: [],
    backstory,
    symbolsAt,
    ignored,
    withheld,
  };
  // Only the symbol's name joins the scope, not its other synonyms: "waves" must not make "tsunami" present.
  const addSymbolTerms = (scope: Scope, hit: SymbolHit) => {
    scope.words.add(hit.symbol.name);
    scope.words.add(hit.term);
  };
  for (const { doc, source } of input.docs) {
    for (const hit of input.hits) {
      const t = hit.source === source ? doc.tokens[hit.token] : undefined;
      if (!t) continue;
      const length = Math.max(1, hit.length);
      symbolsAt.set(t, [...(symbolsAt.get(t) ?? []), { term: hit.symbol.name, length }, { term: hit.term, length }]);
    }
    for (const sentence of doc.sentences) {
      const tokens = doc.tokens.slice(sentence.start, sentence.end);
      const scope: Scope = {
        words: new Set(),
        phraseWords: new Set(),
        sequences: [tokens],
        backstory,
        symbolsAt,
        ignored,
        withheld,
      };
      for (const t of tokens) {
        // Words of a figure of speech are not events of the dream ("time flew by" is no flight).
        if (!t.isWord || ignored.has(t) || (t.backstory && !backstory)) continue;
        if (!withheld && (t.negated || t.idiom >= 0 || t.quoted || t.told)) continue;
        for (const w of [t.normal, ...t.forms]) {
          scope.phraseWords.add(w);
          if (!t.likeness) scope.words.add(w);
        }
      }
      const sentenceIndex = source === 'narrative' ? sentence.index : -1;
      for (const hit of input.hits)
        if (hit.source === source && hit.sentence === sentenceIndex) addSymbolTerms(scope, hit);
      sentences.push({ scope, sentence: sentenceIndex });
      for (const w of scope.words) dream.words.add(w);
      for (const w of scope.phraseWords) dream.phraseWords.add(w);
      dream.sequences.push(tokens);
    }
  }
  for (const doc of input.tags) {
    for (const t of doc.tokens) {
      if (!t.isWord) continue;
      for (const w of [t.normal, ...t.forms]) {
        dream.words.add(w);
        dream.phraseWords.add(w);
      }
    }
    dream.sequences.push(doc.tokens);
  }
  for (const hit of input.hits) addSymbolTerms(dream, hit);
  return { sentences, dream };
}

/**
 * The motifs of a dream. With `withheld`, denied, figurative and quoted words count as if told plainly:
 * what that finds beyond the plain reading is what the dream withholds ("nobody chased me", "drowning in
 * paperwork"), which nothing else may then claim.
 */
export async function detectMotifs(kb: KnowledgeBase, input: MotifInput, withheld = false): Promise<MotifMatch[]> {
  const strict = buildScopes(input, false, withheld);
  let withBackstory: Scopes | null = null;
  const out: MotifMatch[] = [];
  const timer = new SliceTimer(10);
  for (const motif of kb.motifs) {
    await timer.maybeYield();
    const scopes = motif.readsBackstory ? (withBackstory ??= buildScopes(input, true, withheld)) : strict;
    let matched: MotifMatch | null = null;
    for (const trigger of motif.triggers) {
      const candidates = trigger.scope === 'dream' ? [{ scope: scopes.dream, sentence: -1 }] : scopes.sentences;
      for (const { scope, sentence } of candidates) {
        if (triggerMatches(scope, trigger.all)) {
          matched = { motif, sentence };
          break;
        }
      }
      if (matched) break;
    }
    if (matched) out.push(matched);
  }
  return out;
}
