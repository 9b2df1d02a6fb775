import type { DetectedSymbol, PersonalFeeling, PersonalSymbol } from '../../types';
import { capitalise, quote, type ComposeContext } from '../context';
import { isPerson, pronounOf } from '../people';
import { byName, join } from './shared';

/**
 * (2a) The dreamer's own lexicon, before the general meanings: how a symbol of this dream has felt
 * in their earlier dreams and what they wrote it means to them. Only the dream owner's lexicon ever
 * reaches the context (features/lexicon/policy.ts); their words are quoted as theirs, not guarded.
 * Null when the dreamer has nothing personal on this dream's symbols.
 */

/** Symbols of this dream with a personal entry worth a sentence, at most this many. */
const MAX_SYMBOLS = 2;

const FEELING: Record<PersonalFeeling, string> = {
  dread: 'dread',
  unease: 'unease',
  calm: 'a calm, even feeling',
  ease: 'ease',
  delight: 'delight',
};

/** "in 4 of the 6 earlier dreams where it appeared", "in both", "in all 3"; `it` refers back to the symbol. */
function share(count: number, total: number, it: string): string {
  const where = `earlier dreams where ${it} appeared`;
  if (count === total) return total === 2 ? `in both ${where}` : `in all ${total} ${where}`;
  return `in ${count} of the ${total} ${where}`;
}

function sentencesFor(ctx: ComposeContext, symbol: DetectedSymbol, entry: PersonalSymbol): string | null {
  // The lexicon is the symbol's, across dreams: named by its entry ("the key"), so always singular.
  const subject = byName(symbol);
  // A person named by the entry ("the friend" for "your friends") is "they" unless this dream says who.
  const it = !isPerson(symbol) ? 'it' : symbol.plural ? 'they' : pronounOf(ctx.narrative, symbol).subject;
  const learned =
    entry.tone && entry.dreams >= 2
      ? `For you, ${subject} has come with ${FEELING[entry.tone.feeling]} ${share(entry.tone.count, entry.dreams, it)}.`
      : null;
  const own = entry.meaning?.trim()
    ? learned
      ? `You wrote that to you it means ${quote(entry.meaning.trim())}.`
      : `You wrote that to you, ${subject} means ${quote(entry.meaning.trim())}.`
    : null;
  if (!learned && !own) return null;
  const here = symbol.excerpt ? quote(symbol.excerpt) : quote(symbol.surface);
  const lead = own
    ? `Your own meaning comes first: read ${here} in its light, and notice where this dream agrees or parts with it.`
    : `Notice whether ${here} carries that same feeling here, or shows it changing.`;
  return join([learned, own, lead]);
}

export function personal(ctx: ComposeContext): string | null {
  if (!ctx.personal.length) return null;
  const byName = new Map(ctx.personal.map((p) => [p.symbol, p]));
  const parts: string[] = [];
  for (const symbol of ctx.focus) {
    const entry = byName.get(symbol.name);
    if (!entry) continue;
    const text = sentencesFor(ctx, symbol, entry);
    if (text) parts.push(capitalise(text));
    if (parts.length >= MAX_SYMBOLS) break;
  }
  return parts.length ? parts.join(' ') : null;
}
