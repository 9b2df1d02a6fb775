import type { DreamDocument } from '../analysis/document';
import { wordList } from '../kb/lexicon';
import type { KnowledgeBase } from '../kb/loader';
import { capitalise } from '../nlp/text';
import type { DetectedSymbol, DreamAnalysis, DreamForEngine, PersonalSymbol } from '../types';
import type { SymbolGuard } from './guard';
import type { Recurrence } from './history';
import type { IntentionReading } from './intention';
import type { Rng } from './rng';

export interface ComposeContext {
  dream: DreamForEngine;
  analysis: DreamAnalysis;
  narrative: DreamDocument;
  kb: KnowledgeBase;
  guard: SymbolGuard;
  /** Varies with each regeneration: tone words, association order. */
  rng: Rng;
  /** Seeded by the dream only, so wording slots line up across regenerations (see pickSafe). */
  wordingRng: Rng;
  /** Content words of the dream (narrative and title), to prefer meanings that speak to it. */
  dreamWords: Set<string>;
  /** 0 for a first reading, then one more for each regeneration. */
  variant: number;
  /** Symbols in the order this reading focuses on them (rotated on regeneration). */
  focus: DetectedSymbol[];
  recurrences: Recurrence[];
  /** Symbols that none of the other dreams has; null when there is too little history to say. */
  fresh: DetectedSymbol[] | null;
  historySize: number;
  intention: IntentionReading | null;
  /** The dreamer's own lexicon for this dream's symbols (paragraphs/personal.ts); empty when none. */
  personal: PersonalSymbol[];
}

/** The first candidate that names no undetected symbol, or null. */
export function firstSafe(ctx: ComposeContext, candidates: Array<string | null | undefined | false>): string | null {
  for (const c of candidates) if (c && ctx.guard.ok(c)) return c;
  return null;
}

/** Candidates in a seeded order: the first safe one wins, so regenerations pick other wording. */
/**
 * One of several wordings. Each call takes a starting point from a generator seeded by the dream
 * alone, then moves on by the regeneration count, so a regenerated reading words every slot
 * differently from the one before it while different dreams start from different wordings.
 */
export function pickSafe(ctx: ComposeContext, candidates: Array<string | null | undefined | false>): string | null {
  const usable = candidates.filter((c): c is string => typeof c === 'string' && c.length > 0);
  if (!usable.length) return null;
  const start = (ctx.wordingRng.int(usable.length) + ctx.variant) % usable.length;
  return firstSafe(ctx, [...usable.slice(start), ...usable.slice(0, start)]);
}

export function quote(text: string): string {
  return `“${text}”`;
}

export { capitalise };

const CLAUSE_BREAKS = wordList('fragment-clause-breaks');
const WEAK_ENDS = wordList('fragment-weak-ends');

/**
 * A sentence of the dream cut to a short quotable fragment, without its final punctuation: whole
 * when short, otherwise up to a clause break, never ending on a word that needs a next one.
 */
export function fragment(sentence: string, maxWords = 14): string {
  const clean = sentence
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?…]+["”’]?$/, '');
  const words = clean.split(' ');
  if (words.length <= maxWords) return clean;
  let cut = -1;
  for (let i = Math.min(maxWords, words.length - 1); i >= 5; i -= 1) {
    const prev = words[i - 1] ?? '';
    if (/[,;:]$/.test(prev) || CLAUSE_BREAKS.has((words[i] ?? '').toLowerCase())) {
      cut = i;
      break;
    }
  }
  let head = words.slice(0, cut > 0 ? cut : maxWords - 2);
  while (head.length > 4 && WEAK_ENDS.has((head.at(-1) ?? '').replace(/[,;:]$/, '').toLowerCase()))
    head = head.slice(0, -1);
  return `${head.join(' ').replace(/[,;:]$/, '')}…`;
}

/** Words for how strongly positive or negative a stretch of the dream reads. */
export function toneWords(value: number): readonly string[] {
  if (value <= -0.5) return ['heavy', 'distressing', 'troubled'];
  if (value <= -0.15) return ['tense', 'unsettled', 'strained'];
  if (value < 0.15) return ['even', 'quiet', 'matter-of-fact'];
  if (value < 0.5) return ['gentle', 'easy', 'soft'];
  return ['warm', 'radiant', 'buoyant'];
}

/** Verb agreement with a symbol's mention: agree(s, 'is', 'are'). */
export function agree(symbol: { plural: boolean }, singular: string, pluralForm: string): string {
  return symbol.plural ? pluralForm : singular;
}

export function times(n: number): string {
  return n === 2 ? 'twice' : `${n} times`;
}

/** Meaning sentences that lean on a previous sentence ("Floods also clear…", "This can…"). */
export function leansOnContext(sentence: string): boolean {
  const head = sentence.split(/\s+/).slice(0, 4).join(' ').toLowerCase();
  return (
    /^(also|but|however|still|yet|instead|similarly|likewise|this|that|these|those|such|then|in contrast|on the other hand)\b/.test(
      head,
    ) || /\b(also|too)\b/.test(head)
  );
}

/** "an even", "a tense". */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}
