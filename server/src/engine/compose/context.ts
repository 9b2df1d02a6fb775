import type { DreamDocument } from '../analysis/document';
import type { KnowledgeBase } from '../kb/loader';
import { capitalise } from '../nlp/text';
import type { DetectedSymbol, DreamAnalysis, DreamForEngine, PersonalSymbol } from '../types';
import type { KnowledgeGuard } from './guard';
import type { Recurrence } from './history';
import type { IntentionReading } from './intention';
import type { RepeatLedger } from './repetition';
import type { Angle, DreamShape } from './shape';
import type { Rng } from './rng';

export interface ComposeContext {
  dream: DreamForEngine;
  analysis: DreamAnalysis;
  narrative: DreamDocument;
  kb: KnowledgeBase;
  /** Which knowledge-base sentences this reading may use (their declared references were found). */
  knowledge: KnowledgeGuard;
  /** Long sentences of the user's recent readings, so this one does not repeat them. */
  repeats: RepeatLedger;
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
  /** The kind of dream this reading is shaped for. */
  shape: DreamShape;
  /** 'shape' for a first reading; a regeneration's angle otherwise. */
  angle: Angle;
  /** Whether a lucid-dreaming suggestion belongs in this reading (shape.lucidFits). */
  lucidFits: boolean;
  /** The dreamer's own lexicon for this dream's symbols (paragraphs/personal.ts); empty when none. */
  personal: PersonalSymbol[];
}

/**
 * The first candidate the user has not read lately, else the first they have read in only one
 * recent reading (see RepeatLedger), or null.
 */
export function firstSafe(ctx: ComposeContext, candidates: Array<string | null | undefined | false>): string | null {
  const usable = candidates.filter((c): c is string => typeof c === 'string' && c.length > 0);
  return usable.find((c) => ctx.repeats.unused(c)) ?? usable.find((c) => ctx.repeats.allows(c)) ?? null;
}

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

/**
 * The dream's own words (or the dreamer's), in double quotes: evidence traces these back to the
 * dream. Speech quoted inside them takes single quotes (“She said ‘keep going’”), so no quote ends early.
 */
export function quote(text: string): string {
  const inner = text
    .replace(/["“]([^"“”]*)["”]/g, '‘$1’')
    .replace(/["“]/g, '‘')
    .replace(/”/g, '’');
  return `“${inner}”`;
}

/** A knowledge-base phrase mentioned as a phrase ("‘hidden threat’"), in single quotes: not the dream's words. */
export function term(text: string): string {
  return `‘${text}’`;
}

export { capitalise };

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

/**
 * A symbol named by what happens rather than by a thing ("flying", "being naked", "feeling
 * scared"): it takes singular verbs and is never "there is …". Things are mentioned with an article
 * or as a name ("the keys", "Paris"), so a mention that opens on an -ing word is an activity.
 */
export function isActivity(symbol: { category: string; mention: string }): boolean {
  return symbol.category === 'Actions' || /^[a-z]+ing\b/.test(symbol.mention);
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
