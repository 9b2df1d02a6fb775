import type { DreamReading } from '../analysis/analyse';
import type { KnowledgeBase } from '../kb/loader';
import { PEOPLE_CATEGORY } from '../kb/schema';
import { contentWords } from '../nlp/text';
import type { DetectedSymbol, DreamAnalysis, DreamForEngine, PersonalSymbol } from '../types';
import type { ComposeContext } from './context';
import { KnowledgeGuard } from './guard';
import type { Recurrence } from './history';
import type { IntentionReading } from './intention';
import { PARAGRAPHS, type ParagraphKind } from './paragraphs';
import { QUALITIES } from './paragraphs/shared';
import { RepeatLedger } from './repetition';
import { hashSeed, Rng } from './rng';
import { lucidFits, shapeOf, type Angle, type DreamShape } from './shape';

export interface ComposeInput {
  dream: DreamForEngine;
  reading: DreamReading;
  kb: KnowledgeBase;
  recurrences: Recurrence[];
  /** The dream says it has come before (history.markedRecurring). */
  recurringMarked: boolean;
  fresh: DetectedSymbol[] | null;
  historySize: number;
  intention: IntentionReading | null;
  previous: string[];
  /** The user's latest readings of any dream, newest first (see RepeatLedger). */
  recentReadings: string[];
  /** The dreamer's own lexicon for this dream's symbols. */
  personal?: PersonalSymbol[];
}

/** The paragraphs of each shape's first reading, in order. */
/** The paragraphs of each shape's first reading, in order; the dreamer's own meanings come before the general ones. */
const SHAPES: Record<DreamShape, ParagraphKind[]> = {
  general: ['overview', 'personal', 'symbols', 'feeling', 'connections', 'lucidity', 'question'],
  nightmare: ['feeling', 'overview', 'personal', 'symbols', 'nightmare', 'connections', 'question'],
  lucid: ['overview', 'lucidity', 'personal', 'symbols', 'feeling', 'connections', 'question'],
  recurring: ['connections', 'overview', 'personal', 'symbols', 'feeling', 'lucidity', 'question'],
  visitation: ['visit', 'feeling', 'personal', 'symbols', 'connections', 'question'],
  mundane: ['everyday', 'personal', 'symbols', 'connections', 'question'],
};

/** The paragraphs of each angle a regeneration takes. */
const ANGLES: Record<Exclude<Angle, 'shape'>, ParagraphKind[]> = {
  feeling: ['feeling', 'story', 'personal', 'symbols', 'question'],
  relational: ['people', 'personal', 'symbols', 'connections', 'question'],
  story: ['story', 'personal', 'symbols', 'feeling', 'question'],
  'lucid-practice': ['lucidity', 'overview', 'personal', 'symbols', 'question'],
  symbolic: ['personal', 'symbols', 'overview', 'connections', 'question'],
};

/** Angles in the order regenerations try them; those that do not fit the dream are skipped. */
const ANGLE_ORDER: Array<Exclude<Angle, 'shape'>> = ['feeling', 'relational', 'story', 'lucid-practice', 'symbolic'];

export function angleFor(variant: number, fits: { lucid: boolean; people: boolean; story: boolean }): Angle {
  if (variant === 0) return 'shape';
  const usable = ANGLE_ORDER.filter(
    (a) =>
      (a !== 'lucid-practice' || fits.lucid) && (a !== 'relational' || fits.people) && (a !== 'story' || fits.story),
  );
  return usable[(variant - 1) % usable.length] ?? 'symbolic';
}

/** Regeneration rotates which symbol leads, so each new reading has a different emphasis. */
function rotate<T>(items: T[], by: number): T[] {
  if (!items.length) return items;
  const k = by % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

function focusOrder(symbols: DetectedSymbol[], by: number): DetectedSymbol[] {
  const images = symbols.filter((s) => !QUALITIES.has(s.category));
  const qualities = symbols.filter((s) => QUALITIES.has(s.category));
  return [...rotate(images, by), ...rotate(qualities, by)];
}

/** "being glowing" reads as "glowing": a progressive verb needs no "being" before it. */
function withPlainMentions(analysis: DreamAnalysis): DreamAnalysis {
  return {
    ...analysis,
    symbols: analysis.symbols.map((s) => ({ ...s, mention: s.mention.replace(/^being (\w+ing)\b/i, '$1') })),
  };
}

export interface ComposedReading {
  text: string;
  shape: DreamShape;
  angle: Angle;
  kinds: ParagraphKind[];
}

function compose(input: ComposeInput, variant: number, attempt: number, repeats: RepeatLedger): ComposedReading {
  const { narrative } = input.reading;
  const analysis = withPlainMentions(input.reading.analysis);
  const shape = shapeOf(input.dream, analysis, input.recurrences, input.recurringMarked);
  const fits = {
    lucid: lucidFits(shape, analysis, input.intention),
    people: analysis.symbols.some((s) => s.category === PEOPLE_CATEGORY),
    story: narrative.sentences.length >= 3,
  };
  const angle = angleFor(variant, fits);
  const ctx: ComposeContext = {
    dream: input.dream,
    analysis,
    narrative,
    kb: input.kb,
    knowledge: new KnowledgeGuard(input.kb, new Set(analysis.symbols.map((s) => s.name))),
    repeats,
    rng: new Rng(hashSeed(input.dream.id, variant, attempt)),
    wordingRng: new Rng(hashSeed(input.dream.id, 'wording', attempt)),
    dreamWords: new Set(contentWords(`${input.dream.title} ${input.dream.narrative}`)),
    variant: variant + attempt,
    focus: focusOrder(analysis.symbols, variant + attempt),
    recurrences: input.recurrences,
    fresh: input.fresh,
    historySize: input.historySize,
    intention: input.intention,
    shape,
    angle,
    lucidFits: fits.lucid,
    personal: input.personal ?? [],
  };
  const planned = angle === 'shape' ? SHAPES[shape] : ANGLES[angle];
  const kinds = planned.filter((k) => k !== 'lucidity' || fits.lucid);
  const written: Array<{ kind: ParagraphKind; text: string }> = [];
  for (const kind of kinds) {
    const paragraph = PARAGRAPHS.get(kind)?.(ctx);
    // Whatever the wording chose, no long sentence goes out a third time in the user's recent readings.
    const text = paragraph ? repeats.prune(paragraph).trim() : '';
    if (text) written.push({ kind, text });
  }
  return {
    text: written.map((p) => p.text).join('\n\n'),
    shape,
    angle,
    kinds: written.map((p) => p.kind),
  };
}

/**
 * Writes the reading. With earlier readings present, the variant (their count) changes the angle,
 * focus and wording; if the text still equals an earlier one, further attempts reseed until it differs.
 */
export function composeReading(input: ComposeInput): ComposedReading {
  const variant = input.previous.length;
  const previous = new Set(input.previous.map((p) => p.trim()));
  const repeats = new RepeatLedger(input.recentReadings);
  let reading = compose(input, variant, 0, repeats);
  for (let attempt = 1; attempt < 12 && previous.has(reading.text.trim()); attempt += 1)
    reading = compose(input, variant, attempt, repeats);
  return reading;
}
