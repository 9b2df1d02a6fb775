import { gerund } from '../../nlp/inflect';
import { joinList } from '../../nlp/text';
import type { DetectedSymbol } from '../../types';
import { categoriesWith } from '../../kb/lexicon';
import { isActivity, leansOnContext, type ComposeContext } from '../context';
import { isPerson } from '../people';

/**
 * What the six paragraphs of a reading share. Each paragraph builds its sentences from the
 * dream's own words (quotes, the symbols as written) and the knowledge base, choosing among
 * several wordings with the reading's seeded generator; every sentence passes the symbol guard or
 * is left out.
 */

/** Qualities (a colour, a number, a feeling) colour the images; the images themselves lead. */
export const QUALITIES = categoriesWith('quality');

/**
 * Something the dreamer can turn towards and question as if it could answer: an image or a person,
 * not an activity or a quality ("if being naked could speak", "if the colour red could speak").
 */
export function isFigure(symbol: DetectedSymbol): boolean {
  return !isActivity(symbol) && !QUALITIES.has(symbol.category);
}

export function join(sentences: Array<string | null>): string {
  return sentences.filter((s): s is string => Boolean(s)).join(' ');
}

/** Mentions joined as a list ("the ocean, the beagles and flying"). */
export function listOf(symbols: DetectedSymbol[]): string {
  return joinList(symbols.map((s) => s.mention));
}

/**
 * A symbol named by its knowledge-base entry rather than by this dream's words, for what spans
 * several dreams (earlier dreams had a key, not necessarily "the keys" of this one): "flying",
 * "the colour red", "the number three", "the key", "your mother". Always singular.
 */
export function byName(symbol: DetectedSymbol): string {
  if (symbol.category === 'Actions') return gerund(symbol.name);
  // A person the dream calls by the entry's own word keeps the dream's wording ("your mother", not "the mother").
  if (isPerson(symbol) && !symbol.plural && symbol.mention.split(' ').at(-1) === symbol.name) return symbol.mention;
  // A state the dream wrote as an adjective ("being naked"): "the naked" cannot be written.
  if (symbol.mention.startsWith('being ')) return `being ${symbol.name}`;
  if (symbol.category === 'Colors') return `the colour ${symbol.name}`;
  if (symbol.category === 'Numbers') return `the number ${symbol.name}`;
  return `the ${symbol.name}`;
}

export function sentencesOf(ctx: ComposeContext): string[] {
  return ctx.narrative.sentences.map((s) => s.text);
}

/** Associations of a symbol, simple ones first ("warmth and shelter" reads badly in a list). */
export function associationsOf(ctx: ComposeContext, name: string): string[] {
  const all = ctx.kb.byName.get(name)?.associations ?? [];
  const simple = all.filter((a) => !/\b(and|or)\b/.test(a));
  return simple.length >= 2 ? simple : all;
}

/** The usable sentences of a symbol's meaning that stand on their own (not "They can also…"). */
export function standaloneMeaning(ctx: ComposeContext, name: string): string[] {
  const all = ctx.knowledge.meaning(name);
  const standalone = all.filter((s, i) => i === 0 || !leansOnContext(s));
  return standalone.length ? standalone : all.slice(0, 1);
}
