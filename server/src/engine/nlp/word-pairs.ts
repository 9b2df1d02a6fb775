/**
 * Which words follow which in dreams as people tell them: every pair of neighbouring words seen in the training
 * sets' narratives, among the words seen there at least three times. Word salad ("Purple thinks sideways under the
 * apologising spoon") is made of common words in grammatical order, so its function words look like any dream's;
 * what gives it away is that its neighbours never meet ("purple thinks", "apologising spoon"). Built by
 * scripts/build-word-pairs.ts into kb/word-pairs.json.
 */

/** The shipped table: the vocabulary, and each pair as first * VOCABULARY_LIMIT + second, sorted. */
export interface WordPairs {
  vocabulary: ReadonlyMap<string, number>;
  pairs: Uint32Array;
}

/** What a text's neighbouring words say: pairs of known words, how many were seen, the share of function words. */
export interface PairReading {
  pairs: number;
  seen: number;
  functionShare: number;
}

/** Vocabulary indices stay below this, so a pair fits in 32 bits. */
export const VOCABULARY_LIMIT = 1 << 16;
/** A word joins the vocabulary when the training narratives use it this often. */
export const MIN_WORD_COUNT = 3;

/** The words that hold a sentence together, counted to tell grammatical salad from telegraphic notes. */
const FUNCTION_WORDS = new Set(
  (
    'the a an of to in on at by for with from into onto under over and or but if then because so as than that this ' +
    'these those it its is are was were be been being am i you he she we they me him her us them my your his our ' +
    'their which who what when where while until since do does did not no'
  ).split(' '),
);

/** Lower-case words, apostrophes kept inside ("didn't"), in the order of the text. */
export function pairWords(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .match(/[a-z]+(?:'[a-z]+)?/g) ?? []
  );
}

/** Encodes sorted pair codes as base64 of their gaps, each a little-endian base-128 number. */
export function encodePairs(codes: readonly number[]): string {
  const bytes: number[] = [];
  let previous = 0;
  for (const code of codes) {
    let gap = code - previous;
    previous = code;
    while (gap >= 0x80) {
      bytes.push((gap & 0x7f) | 0x80);
      gap = Math.floor(gap / 0x80);
    }
    bytes.push(gap);
  }
  return Buffer.from(bytes).toString('base64');
}

export function decodePairs(encoded: string): Uint32Array {
  const bytes = Buffer.from(encoded, 'base64');
  const codes: number[] = [];
  let value = 0;
  let shift = 1;
  let previous = 0;
  for (const byte of bytes) {
    value += (byte & 0x7f) * shift;
    if (byte & 0x80) shift *= 0x80;
    else {
      previous += value;
      codes.push(previous);
      value = 0;
      shift = 1;
    }
  }
  return Uint32Array.from(codes);
}

function has(sorted: Uint32Array, code: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = sorted[mid] as number;
    if (at === code) return true;
    if (at < code) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** Reads a text's neighbouring words against the table. */
export function readPairs(text: string, table: WordPairs): PairReading {
  const words = pairWords(text);
  let pairs = 0;
  let seen = 0;
  for (let i = 1; i < words.length; i++) {
    const a = table.vocabulary.get(words[i - 1] as string);
    const b = table.vocabulary.get(words[i] as string);
    if (a === undefined || b === undefined) continue;
    pairs += 1;
    if (has(table.pairs, a * VOCABULARY_LIMIT + b)) seen += 1;
  }
  const functionWords = words.filter((w) => FUNCTION_WORDS.has(w)).length;
  return { pairs, seen, functionShare: words.length ? functionWords / words.length : 0 };
}
