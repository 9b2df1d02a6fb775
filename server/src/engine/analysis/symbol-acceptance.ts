import type { SymbolAcceptance } from '../kb/schema';
import type { DetectedSymbol } from '../types';

/**
 * The learnt last look at each symbol the reading found: would a careful reader of this dream name it? The
 * matcher finds a knowledge-base word wherever it is written, and most of what it finds is an image of the dream,
 * but some kinds of finding are mostly not: a count ("two of them", "a hundred times"), the fall a falling dream
 * already tells, "locked" when nothing is a lock, a son read as a child, the "wave" of a hand in its excerpt. A
 * logistic model over how each symbol was found (scripts/train-symbol-acceptance.ts), trained on the labelled
 * training sets, the dev halves and the in-sample set (never a test half), weighs that; a symbol below its
 * threshold is left out of the reading.
 *
 * Features of a found symbol (each present or not):
 * - `S:name`, `C:category`, `V:via` (name, synonym, phrase, hypernym, tag) and `SV:name|via`;
 * - `SS:name|surface` the words it was found as ("child|son", "lock|locked");
 * - `K2`/`SK2:name` it was found more than once;
 * - `M`/`SM:name` it was read from the story rather than a word (a quote of more than two words);
 * - `L0`–`L3` and `CL*:category` the dream's length (under 40, 120, 250 words, or more);
 * - `SN:name|word` a word of its excerpt beside it ("car|park", "fire|exit", "wave|hand");
 * - `PW:word`/`NW:word` the word just before and just after it in its excerpt ("a pair of", "fly past"), also per
 *   symbol (`SPW:`, `SNW:`) and per category (`CPW:`, `CNW:`).
 * The features that name the symbol are learnt only for symbols found often enough in the labelled dreams
 * (scripts/train-symbol-acceptance.ts): a rare one (a butterfly, a tiger) is weighed by its category and how it was
 * found, never condemned by a few figures of speech ("butterflies in my stomach", the goalie's butterfly).
 */
export function acceptanceFeatures(symbol: DetectedSymbol, wordCount: number): string[] {
  const { name, via, category } = symbol;
  const surface = symbol.surface.toLowerCase();
  const own = surface.split(/\s+/);
  const out = [`S:${name}`, `V:${via}`, `C:${category}`, `SV:${name}|${via}`, `SS:${name}|${surface}`];
  if (symbol.count >= 2) out.push('K2', `SK2:${name}`);
  if (own.length > 2) out.push('M', `SM:${name}`);
  const length = wordCount < 40 ? 'L0' : wordCount < 120 ? 'L1' : wordCount < 250 ? 'L2' : 'L3';
  out.push(length, `C${length}:${category}`);
  const excerpt = symbol.excerpt.toLowerCase();
  const beside = new Set(excerpt.match(/[a-z']+/g) ?? []);
  for (const word of own) beside.delete(word);
  for (const word of [...beside].sort()) out.push(`SN:${name}|${word}`);
  // The words just before and after it ("my mother", "a pair of", "fly past"): "^" and "$" at the excerpt's ends.
  const at = surface ? excerpt.indexOf(surface) : -1;
  if (at >= 0) {
    const previous =
      excerpt
        .slice(0, at)
        .match(/[a-z']+/g)
        ?.at(-1) ?? '^';
    const next = excerpt.slice(at + surface.length).match(/[a-z']+/g)?.[0] ?? '$';
    out.push(`PW:${previous}`, `NW:${next}`, `SPW:${name}|${previous}`, `SNW:${name}|${next}`);
    out.push(`CPW:${category}|${previous}`, `CNW:${category}|${next}`);
  }
  return out;
}

/** The probability that a careful reader would name this symbol. */
export function acceptance(model: SymbolAcceptance, symbol: DetectedSymbol, wordCount: number): number {
  let score = model.bias;
  for (const feature of acceptanceFeatures(symbol, wordCount)) score += model.weights.get(feature) ?? 0;
  return 1 / (1 + Math.exp(-score));
}

/**
 * Never left out: what the dreamer named in the title or a tag (their own word for the dream), and a number told as a
 * number seen ("the number seven was painted on every door"), not a count. (A symbol read from a typo is kept too, by
 * acceptSymbols' `keep`: its written form is one the model has never seen, and the correction was already weighed.)
 */
export function exempt(symbol: DetectedSymbol): boolean {
  if (symbol.inTitle || symbol.via === 'tag' || symbol.sentences.length === 0) return true;
  if (symbol.category !== NUMBERS) return false;
  const surface = symbol.surface.toLowerCase();
  return new RegExp(`\\b(?:number|numbers|figure|digit|digits)\\s+${surface.replace(/[^a-z0-9 ]/g, '')}\\b`).test(
    symbol.excerpt.toLowerCase(),
  );
}
const NUMBERS = 'Numbers';

/**
 * A dream in which fewer symbols than this were found keeps them all: in "A bee stung my hand" every image is the
 * dream, and the model's doubts are for the marginal finds of a fuller telling. Over the training sets (held out in
 * five groups, throwaway script) this kept 57 right symbols and 186 wrong ones that the model would have left out:
 * precision paid so that no short dream loses its central image.
 */
export const FEWEST_TO_WEIGH = 4;

/** The symbols at or above the model's threshold, and the names of those left out. */
export function acceptSymbols(
  model: SymbolAcceptance | undefined,
  symbols: DetectedSymbol[],
  wordCount: number,
  keep: ReadonlySet<string> = new Set(),
): { kept: DetectedSymbol[]; left: Set<string> } {
  if (!model || symbols.length < FEWEST_TO_WEIGH) return { kept: symbols, left: new Set() };
  const kept: DetectedSymbol[] = [];
  const left = new Set<string>();
  for (const s of symbols)
    if (keep.has(s.name) || exempt(s) || acceptance(model, s, wordCount) >= model.threshold) kept.push(s);
    else left.add(s.name);
  return { kept, left };
}
