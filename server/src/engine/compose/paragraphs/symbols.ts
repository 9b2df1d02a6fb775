import { lexicon } from '../../kb/lexicon';
import { splitSentences } from '../../kb/sentences';
import { contentWords, joinList } from '../../nlp/text';
import type { DetectedSymbol } from '../../types';
import {
  agree,
  capitalise,
  firstSafe,
  isActivity,
  pickSafe,
  quote,
  term,
  times,
  type ComposeContext,
} from '../context';
import { symbolExcerpt } from '../phrases';
import { referenceOf, verbFor } from '../people';
import { QUALITIES, associationsOf, byName, join, standaloneMeaning } from './shared';

/**
 * Sentences of a symbol's meaning for this reading: those sharing words with the dream first
 * ("murky water" for a dream of dark, murky water), then the entry's own order; regeneration moves
 * on to the next ones. Never one that names an undetected symbol.
 */
function meaningSentences(ctx: ComposeContext, symbol: DetectedSymbol, offset: number, count: number): string[] {
  const all = ctx.knowledge.meaning(symbol.name);
  if (!all.length) return [];
  const pool = standaloneMeaning(ctx, symbol.name);
  const own = new Set(contentWords(`${symbol.name} ${(ctx.kb.byName.get(symbol.name)?.synonyms ?? []).join(' ')}`));
  const relevance = (s: string) => contentWords(s).filter((w) => ctx.dreamWords.has(w) && !own.has(w)).length;
  const ranked = [...pool].sort((a, b) => relevance(b) - relevance(a) || all.indexOf(a) - all.indexOf(b));
  const out: string[] = [];
  for (let i = 0; i < Math.min(count, ranked.length); i += 1) {
    const s = ranked[(offset + i) % ranked.length];
    if (s && !out.includes(s)) out.push(s);
  }
  // Keep the entry's order, so "it" and "such" still read naturally.
  return out.sort((a, b) => all.indexOf(a) - all.indexOf(b));
}

/** (2) The key symbols, named as they appear in the dream, with their meanings. */
export function symbols(ctx: ComposeContext): string {
  const { rng, variant } = ctx;
  const concrete = ctx.focus.filter((s) => !QUALITIES.has(s.category));
  const chosen = (concrete.length >= 2 ? concrete : ctx.focus).slice(0, 3);
  const parts: Array<string | null> = [];
  if (!chosen.length) {
    const kp = ctx.analysis.keyPhrases.slice(0, 3).map((k) => quote(k));
    parts.push(
      pickSafe(ctx, [
        'None of the images here is a fixed entry in the dream dictionary, which makes your own associations the surest way in.',
        'This dream does not lean on the classic dream images, so its meaning rests mostly on what its details mean to you.',
      ]),
    );
    if (kp.length > 1)
      parts.push(
        pickSafe(ctx, [
          `Start with ${joinList(kp)}: what do they call up for you?`,
          `Notice ${joinList(kp)} and the first thing each one brings to mind.`,
        ]),
      );
    else if (kp.length)
      parts.push(
        pickSafe(ctx, [
          `Start with ${kp[0] ?? ''}: what does it call up for you?`,
          `Notice ${kp[0] ?? ''} and the first thing it brings to mind.`,
        ]),
      );
    return join(parts);
  }
  chosen.forEach((symbol, k) => {
    const excerptText = symbolExcerpt(ctx.narrative, symbol);
    const excerpt = excerptText ? quote(excerptText) : null;
    const excerptOk =
      excerpt !== null && excerptText?.toLowerCase() !== symbol.mention.replace(/^the /, '').toLowerCase();
    // The symbol is named as the dream wrote it: when the mention is not the dream's word ("chasing"
    // for "chased"), the dream's own words are quoted alongside it.
    const surfaceShown = symbol.mention.toLowerCase().includes(symbol.surface.toLowerCase());
    const own = excerptOk && excerpt ? excerpt : quote(symbol.surface);
    const times_ = symbol.sentences.length;
    const action = isActivity(symbol);
    const it = referenceOf(ctx.narrative, symbol);
    const intro =
      symbol.via === 'hypernym'
        ? pickSafe(ctx, [
            `You wrote ${quote(symbol.surface)}; in dream imagery that belongs with ${byName(symbol)}.`,
            // ("the paralysis is a kind of paralysis": a symbol the story implies is named by its own name.)
            ...(symbol.mention.toLowerCase().endsWith(symbol.name)
              ? []
              : [
                  `In dream language, ${symbol.mention} ${agree(symbol, 'is a kind of', 'are a kind of')} ${symbol.name}.`,
                ]),
          ])
        : !surfaceShown
          ? pickSafe(ctx, [
              `${capitalise(symbol.mention)}, in your words ${own}, ${action ? 'stands' : agree(symbol, 'stands', 'stand')} out${times_ > 1 ? ` and ${action ? 'comes' : agree(symbol, 'comes', 'come')} up ${times(times_)}` : ''}.`,
              `Consider ${symbol.mention}: ${own}${times_ > 1 ? `, and ${it.subject} ${verbFor(it, 'returns', 'return')} more than once` : ''}.`,
              `You wrote ${own}, and ${symbol.mention} ${action ? 'is' : agree(symbol, 'is', 'are')} worth pausing on.`,
            ])
          : times_ > 1
            ? pickSafe(ctx, [
                `${capitalise(symbol.mention)} ${action ? 'comes' : agree(symbol, 'comes', 'come')} up ${times(times_)}, so ${it.subject} clearly ${verbFor(it, 'matters', 'matter')} here.`,
                `${capitalise(symbol.mention)} ${action ? 'returns' : agree(symbol, 'returns', 'return')} more than once in the dream.`,
              ])
            : k === 0
              ? pickSafe(ctx, [
                  excerptOk
                    ? `${capitalise(symbol.mention)} (${own}) ${action ? 'stands' : agree(symbol, 'stands', 'stand')} out first.`
                    : null,
                  `Start with ${symbol.mention}.`,
                  excerptOk ? `Consider ${symbol.mention}, in your words ${own}.` : `Consider ${symbol.mention}.`,
                ])
              : action
                ? // An action is something that happens, not something that "is there": "Then there is being chased" cannot be written.
                  pickSafe(ctx, [
                    `${capitalise(symbol.mention)} is part of the dream too${excerptOk ? ` (${own})` : ''}.`,
                    `Then comes ${symbol.mention}${excerptOk ? `: ${own}` : ''}.`,
                    `${capitalise(symbol.mention)} matters too.`,
                  ])
                : pickSafe(ctx, [
                    `Then there ${agree(symbol, 'is', 'are')} ${symbol.mention}.`,
                    excerptOk
                      ? `There ${agree(symbol, 'is', 'are')} also ${symbol.mention} (${own}).`
                      : `There ${agree(symbol, 'is', 'are')} also ${symbol.mention}.`,
                    `${capitalise(symbol.mention)} ${agree(symbol, 'matters', 'matter')} too.`,
                  ]);
    parts.push(intro);
    const meaning = meaningSentences(ctx, symbol, variant, k === 0 ? 2 : 1);
    // Only an entry without usable text of its own falls back to its category's general reading.
    if (!meaning.length && !ctx.knowledge.meaning(symbol.name).length) {
      const guidance = lexicon.categories.get(symbol.category)?.guidance;
      if (guidance) meaning.push(guidance);
    }
    parts.push(...meaning);
    const assoc = rng.shuffle(associationsOf(ctx, symbol.name)).slice(0, 2);
    if (assoc.length === 2 && k < 2) {
      const [a1, a2] = assoc;
      parts.push(
        pickSafe(ctx, [
          `It is often linked with ${a1} and ${a2}.`,
          `Threads worth trying on: ${a1} and ${a2}.`,
          `Ask whether ${term(a1 ?? '')} or ${term(a2 ?? '')} speaks to your life at the moment.`,
          `Associations to test against your own: ${a1}, and ${a2}.`,
        ]),
      );
    }
  });
  const motif = ctx.analysis.motifs.length ? ctx.analysis.motifs[variant % ctx.analysis.motifs.length] : undefined;
  const entry = motif ? ctx.kb.motifs.find((m) => m.id === motif.id) : undefined;
  if (motif && entry) {
    const reading = splitSentences(entry.reading);
    const named = firstSafe(ctx, [
      `Taken together, this is a familiar dream pattern: ${motif.name.toLowerCase()}.`,
      `Together these images form a recognisable pattern, ${motif.name.toLowerCase()}.`,
    ]);
    parts.push(named ?? 'Taken together, these images form a familiar dream pattern.');
    const line = reading[variant % Math.max(1, reading.length)];
    if (line) parts.push(line);
  }
  return join(parts);
}
