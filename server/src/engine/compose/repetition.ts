import { splitSentences } from '../kb/sentences';

/**
 * Keeps a user's readings from sounding alike: no sentence of more than eight words may appear in
 * more than two of their last 20 readings. The ledger counts, for each long sentence, how many of
 * the user's recent readings (the 19 before this one) contain it; a sentence already in two of them
 * cannot be used again, and one in none is preferred over one in a single reading.
 */

export const REPEAT_WINDOW = 20;
/** Readings (including the new one) a long sentence may appear in. */
export const MAX_READINGS_PER_SENTENCE = 2;
export const LONG_SENTENCE_WORDS = 8;

export function isLongSentence(sentence: string): boolean {
  return sentence.split(/\s+/).filter(Boolean).length > LONG_SENTENCE_WORDS;
}

/** Comparable form: case, spacing and curly quotes do not make a sentence new. */
export function sentenceKey(sentence: string): string {
  return sentence.toLowerCase().replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim();
}

/** A reading's sentences, as the ledger counts them (paragraph breaks also end sentences). */
export function readingSentences(text: string): string[] {
  return text.split(/\n\s*\n/).flatMap((p) => splitSentences(p));
}

export class RepeatLedger {
  private readonly counts = new Map<string, number>();

  /** `recent`: the user's latest readings, newest first; only the 19 before a new one count. */
  constructor(recent: readonly string[]) {
    for (const text of recent.slice(0, REPEAT_WINDOW - 1)) {
      const seen = new Set(readingSentences(text).filter(isLongSentence).map(sentenceKey));
      for (const key of seen) this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    }
  }

  /** Readings among the recent ones that already contain this sentence (0 for a short one). */
  uses(sentence: string): number {
    return isLongSentence(sentence) ? (this.counts.get(sentenceKey(sentence)) ?? 0) : 0;
  }

  /** Whether every long sentence of a text may still be used. */
  allows(text: string): boolean {
    return splitSentences(text).every((s) => this.uses(s) < MAX_READINGS_PER_SENTENCE);
  }

  /** Whether no long sentence of a text has been used at all. */
  unused(text: string): boolean {
    return splitSentences(text).every((s) => this.uses(s) === 0);
  }

  /** A paragraph without the sentences that may not be used again. */
  prune(paragraph: string): string {
    return splitSentences(paragraph)
      .filter((s) => this.uses(s) < MAX_READINGS_PER_SENTENCE)
      .join(' ');
  }
}
