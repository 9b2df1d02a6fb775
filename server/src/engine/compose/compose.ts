import type { DreamReading } from '../analysis/analyse';
import type { KnowledgeBase } from '../kb/loader';
import type { DetectedSymbol, DreamForEngine, PersonalSymbol } from '../types';
import type { ComposeContext } from './context';
import { SymbolGuard } from './guard';
import type { Recurrence } from './history';
import type { IntentionReading } from './intention';
import { connections } from './paragraphs/connections';
import { emotions } from './paragraphs/emotions';
import { lucidity } from './paragraphs/lucidity';
import { overview } from './paragraphs/overview';
import { personal } from './paragraphs/personal';
import { question } from './paragraphs/question';
import { symbols } from './paragraphs/symbols';
import { QUALITIES } from './paragraphs/shared';
import { hashSeed, Rng } from './rng';
import { contentWords } from '../nlp/text';

export interface ComposeInput {
  dream: DreamForEngine;
  reading: DreamReading;
  kb: KnowledgeBase;
  recurrences: Recurrence[];
  fresh: DetectedSymbol[] | null;
  historySize: number;
  intention: IntentionReading | null;
  previous: string[];
  /** The dreamer's own lexicon for this dream's symbols. */
  personal?: PersonalSymbol[];
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

function compose(input: ComposeInput, variant: number, attempt: number): string {
  const { analysis, narrative } = input.reading;
  const ctx: ComposeContext = {
    dream: input.dream,
    analysis,
    narrative,
    kb: input.kb,
    guard: new SymbolGuard(input.kb, new Set(analysis.symbols.map((s) => s.name))),
    rng: new Rng(hashSeed(input.dream.id, variant, attempt)),
    wordingRng: new Rng(hashSeed(input.dream.id, 'wording', attempt)),
    dreamWords: new Set(contentWords(`${input.dream.title} ${input.dream.narrative}`)),
    variant: variant + attempt,
    focus: focusOrder(analysis.symbols, variant + attempt),
    recurrences: input.recurrences,
    fresh: input.fresh,
    historySize: input.historySize,
    intention: input.intention,
    personal: input.personal ?? [],
  };
  const paragraphs = [
    overview(ctx),
    personal(ctx),
    symbols(ctx),
    emotions(ctx),
    connections(ctx),
    lucidity(ctx),
    question(ctx),
  ];
  return paragraphs.filter((p): p is string => typeof p === 'string' && p.trim().length > 0).join('\n\n');
}

/**
 * Writes the reading. With earlier readings present, the variant (their count) changes the focus and
 * wording; if the text still equals an earlier one, further attempts reseed until it differs.
 */
export function composeReading(input: ComposeInput): string {
  const variant = input.previous.length;
  const previous = new Set(input.previous.map((p) => p.trim()));
  let text = compose(input, variant, 0);
  for (let attempt = 1; attempt < 12 && previous.has(text.trim()); attempt += 1)
    text = compose(input, variant, attempt);
  return text;
}
