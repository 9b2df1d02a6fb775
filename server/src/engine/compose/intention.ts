import type { DreamDocument } from '../analysis/document';
import type { SymbolHit } from '../analysis/matcher';
import { wordList } from '../kb/lexicon';
import { STOPWORDS } from '../nlp/text';
import type { DetectedSymbol, DreamAnalysis, IntentionForEngine } from '../types';

/** Whether the dream answered the intention linked to it, judged from shared symbols and words. */

export interface IntentionReading {
  text: string;
  completed: boolean;
  outcome: 'fulfilled' | 'partial' | 'unmet';
  /** Symbols of the dream that the intention also names. */
  shared: DetectedSymbol[];
  /** Content words (base forms) the intention and the dream have in common, beyond shared symbols. */
  sharedWords: string[];
  /** The intention was to become lucid. */
  lucidGoal: boolean;
}

/** Words of the intention's framing rather than its content ("I want to dream of …"). */
const FRAMING = wordList('intention-framing');
const LUCID_GOAL = /\b(lucid|lucidity|realis|realiz|aware (that )?i('m| am) dreaming|know (that )?i('m| am) dreaming)/i;
const CONTENT_POS = wordList('content-pos');

function contentForms(doc: DreamDocument): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const t of doc.tokens) {
    if (
      !t.isWord ||
      t.negated ||
      !CONTENT_POS.has(t.pos) ||
      STOPWORDS.has(t.normal) ||
      FRAMING.has(t.lemma) ||
      FRAMING.has(t.normal)
    )
      continue;
    if (t.normal.length < 3) continue;
    out.set(t.lemma, t.forms);
  }
  return out;
}

export function readIntention(
  intention: IntentionForEngine,
  intentionDoc: DreamDocument,
  intentionHits: SymbolHit[],
  analysis: DreamAnalysis,
  dreamDocs: DreamDocument[],
): IntentionReading {
  const dreamForms = new Set<string>();
  for (const doc of dreamDocs)
    for (const t of doc.tokens) if (t.isWord && !t.negated) for (const f of [t.normal, ...t.forms]) dreamForms.add(f);
  const wanted = new Set(intentionHits.map((h) => h.symbol.name));
  const shared = analysis.symbols.filter((s) => wanted.has(s.name));
  const symbolTerms = new Set(intentionHits.flatMap((h) => [h.symbol.name, h.term, ...h.symbol.synonyms]));
  const words = [...contentForms(intentionDoc).entries()].filter(([lemma]) => !symbolTerms.has(lemma));
  const sharedWords = words
    .filter(([lemma, forms]) => dreamForms.has(lemma) || forms.some((f) => dreamForms.has(f)))
    .map(([lemma]) => lemma);
  const lucidGoal = LUCID_GOAL.test(intention.text);

  let outcome: IntentionReading['outcome'] = 'unmet';
  const symbolsAll = wanted.size > 0 && shared.length === wanted.size;
  const wordsAll = words.length > 0 && sharedWords.length === words.length;
  if (lucidGoal) {
    if (analysis.lucid) outcome = 'fulfilled';
    else if (shared.length || sharedWords.length) outcome = 'partial';
  } else if (
    (symbolsAll && (words.length === 0 || sharedWords.length > 0)) ||
    (wanted.size === 0 && wordsAll && words.length >= 1)
  ) {
    outcome = 'fulfilled';
  } else if (shared.length || sharedWords.length) {
    outcome = 'partial';
  }
  return { text: intention.text.trim(), completed: intention.completed, outcome, shared, sharedWords, lucidGoal };
}
