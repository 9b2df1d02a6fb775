import { wordList } from '../kb/lexicon';
import { phraseWords, type KnowledgeBase } from '../kb/loader';
import type { MotifEntry } from '../kb/schema';
import { SliceTimer } from '../util/cooperative';
import type { DreamDocument, Token } from './document';
import type { SymbolHit } from './matcher';

const PHRASE_FILLERS = wordList('phrase-fillers');

/**
 * Motifs are recognised from cue terms: a trigger matches when each of its groups has a term
 * present, not negated, within one sentence or anywhere in the dream. A detected symbol also
 * makes its name present where it was found, so "a beagle chased me" satisfies a cue group
 * naming "dog".
 */

/** The present terms of one scope: single words and the token sequences for multi-word cues. */
interface Scope {
  words: Set<string>;
  sequences: Token[][];
  /** Whether tokens in remarks about the waking past count. */
  backstory: boolean;
}

function hasPhrase(scope: Scope, words: string[]): boolean {
  for (const seq of scope.sequences) {
    for (let s = 0; s < seq.length; s += 1) {
      let i = s;
      let ok = true;
      for (const w of words) {
        while (i < seq.length && PHRASE_FILLERS.has(seq[i]?.normal ?? '') && seq[i]?.normal !== w) i += 1;
        const t = seq[i];
        if (
          !t ||
          t.negated ||
          t.idiom >= 0 ||
          (t.backstory && !scope.backstory) ||
          !(t.normal === w || t.forms.includes(w))
        ) {
          ok = false;
          break;
        }
        i += 1;
      }
      if (ok) return true;
    }
  }
  return false;
}

function termPresent(scope: Scope, term: string): boolean {
  const words = phraseWords(term);
  if (words.length <= 1) return scope.words.has(words[0] ?? term);
  return hasPhrase(scope, words);
}

export interface MotifInput {
  docs: Array<{ doc: DreamDocument; source: 'narrative' | 'title' }>;
  hits: SymbolHit[];
  tags: DreamDocument[];
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

function buildScopes(input: MotifInput, backstory: boolean): Scopes {
  const sentences: Scopes['sentences'] = [];
  const dream: Scope = { words: new Set(), sequences: [], backstory };
  // Only the symbol's name joins the scope, not its other synonyms: "waves" must not make "tsunami" present.
  const addSymbolTerms = (scope: Scope, hit: SymbolHit) => {
    scope.words.add(hit.symbol.name);
    scope.words.add(hit.term);
  };
  for (const { doc, source } of input.docs) {
    for (const sentence of doc.sentences) {
      const tokens = doc.tokens.slice(sentence.start, sentence.end);
      const scope: Scope = { words: new Set(), sequences: [tokens], backstory };
      for (const t of tokens) {
        // Words of a figure of speech are not events of the dream ("time flew by" is no flight).
        if (!t.isWord || t.negated || t.idiom >= 0 || t.likeness || (t.backstory && !backstory)) continue;
        scope.words.add(t.normal);
        for (const f of t.forms) scope.words.add(f);
      }
      const sentenceIndex = source === 'narrative' ? sentence.index : -1;
      for (const hit of input.hits)
        if (hit.source === source && hit.sentence === sentenceIndex) addSymbolTerms(scope, hit);
      sentences.push({ scope, sentence: sentenceIndex });
      for (const w of scope.words) dream.words.add(w);
      dream.sequences.push(tokens);
    }
  }
  for (const doc of input.tags) {
    for (const t of doc.tokens) {
      if (!t.isWord) continue;
      dream.words.add(t.normal);
      for (const f of t.forms) dream.words.add(f);
    }
    dream.sequences.push(doc.tokens);
  }
  for (const hit of input.hits) addSymbolTerms(dream, hit);
  return { sentences, dream };
}

export async function detectMotifs(kb: KnowledgeBase, input: MotifInput): Promise<MotifMatch[]> {
  const strict = buildScopes(input, false);
  let withBackstory: Scopes | null = null;
  const out: MotifMatch[] = [];
  const timer = new SliceTimer(10);
  for (const motif of kb.motifs) {
    await timer.maybeYield();
    const scopes = motif.readsBackstory ? (withBackstory ??= buildScopes(input, true)) : strict;
    let matched: MotifMatch | null = null;
    for (const trigger of motif.triggers) {
      const candidates = trigger.scope === 'dream' ? [{ scope: scopes.dream, sentence: -1 }] : scopes.sentences;
      for (const { scope, sentence } of candidates) {
        if (trigger.all.every((group) => group.some((term) => termPresent(scope, term)))) {
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
