import type { MotifModel } from '../kb/schema';
import type { DreamDocument, Token } from './document';

/**
 * The learnt half of motif recognition. Cue triggers (motifs.ts) find a motif told in words they
 * know; a dreamer who tells it otherwise ("some guy kept following me… I was so scared") still uses
 * words that go with it. A logistic model per motif, trained by scripts/train-motif-model.ts on the
 * labelled dev halves, the first author's set and the motif paraphrases (never on a test half),
 * weighs those words. It only adds motifs the triggers missed, and only above a threshold chosen
 * on held-out sets for its precision.
 *
 * Features of a dream (each present or not):
 * - `U:lemma` a content word (noun, verb, adjective, adverb, number) of the dream itself;
 * - `B:lemma_lemma` two neighbouring words of one sentence ("follow_me", "come_out");
 * - `N:lemma` a word the dream denies ("nobody chased me" gives N:chase, not U:chase);
 * - `F:lemma` a word of a figure of speech ("drowning in paperwork" gives F:drown), `Q:lemma` a word said
 *   or quoted in the dream;
 * - `T:tag` a tag the dreamer gave; `S:symbol` a symbol read as an image of the dream, `C:category` its
 *   category (geese and dogs that come at the dreamer are both Animals).
 * Words of comparisons and waking-life remarks give none. The sentence of each feature is kept, so a
 * learnt motif can cite where the dream tells it.
 */

const CONTENT_POS = new Set(['NOUN', 'VERB', 'ADJ', 'ADV', 'NUM']);

/** Where a feature was first seen: a narrative sentence, or -1 (a tag, the title). */
export type MotifFeatures = Map<string, number>;

function usable(t: Token): boolean {
  return t.isWord && !t.negated && t.idiom < 0 && !t.quoted && !t.reported && !t.backstory && !t.likeness;
}

function wordOf(t: Token): string {
  return (t.lemma || t.normal).toLowerCase();
}

export function motifFeatures(
  narrative: DreamDocument,
  tags: readonly string[],
  images: ReadonlyArray<{ name: string; category: string; sentence: number }>,
): MotifFeatures {
  const out: MotifFeatures = new Map();
  const add = (feature: string, sentence: number) => {
    if (!out.has(feature)) out.set(feature, sentence);
  };
  const words = narrative.tokens.filter((t) => t.isWord);
  words.forEach((t, i) => {
    const word = wordOf(t);
    if (!usable(t)) {
      if (t.negated) add(`N:${word}`, t.sentence);
      else if (t.idiom >= 0) add(`F:${word}`, t.sentence);
      else if (t.quoted || t.reported) add(`Q:${word}`, t.sentence);
      return;
    }
    if (CONTENT_POS.has(t.pos)) add(`U:${word}`, t.sentence);
    const next = words[i + 1];
    if (next && next.sentence === t.sentence && usable(next)) add(`B:${word}_${wordOf(next)}`, t.sentence);
  });
  for (const tag of tags) add(`T:${tag.trim().toLowerCase()}`, -1);
  for (const image of images) {
    add(`S:${image.name}`, image.sentence);
    add(`C:${image.category}`, image.sentence);
  }
  return out;
}

export interface LearntMotif {
  id: string;
  probability: number;
  /** The sentence of the feature that weighed most for it (-1: a tag or a symbol of the title). */
  sentence: number;
  /** Of the dream's own words (not its symbols or their categories), the one that weighed most for it and its sentence. */
  word?: { text: string; sentence: number };
}

/**
 * A learnt motif needs at least this many words of the dream (not symbols, which repeat a word) each
 * weighing at least SUPPORT_WEIGHT for it: one telling word ("my teeth were perfect", "famous for her
 * lasagne") is not a story.
 */
const MIN_SUPPORT = 2;
const SUPPORT_WEIGHT = 0.25;

type Weighed = MotifModel['motifs'][number];

/** Each entry's probability over the features present, with its strongest word's sentence and its support. */
function weigh(
  model: MotifModel,
  entries: readonly Weighed[],
  features: MotifFeatures,
  threshold: number,
): LearntMotif[] {
  const present: Array<[number, number, boolean, string]> = [];
  for (const [feature, sentence] of features) {
    const index = model.index.get(feature);
    if (index !== undefined)
      present.push([index, sentence, !feature.startsWith('S:') && !feature.startsWith('C:'), feature]);
  }
  const out: LearntMotif[] = [];
  for (const entry of entries) {
    let score = entry.bias;
    let strongest = 0;
    let sentence = -1;
    let support = 0;
    let strongestWord = 0;
    let word: LearntMotif['word'];
    for (const [index, at, isWord, feature] of present) {
      const w = entry.weights.get(index);
      if (w === undefined) continue;
      score += w;
      if (isWord && w >= SUPPORT_WEIGHT) support += 1;
      if (w > strongest) {
        strongest = w;
        sentence = at;
      }
      if (isWord && w > strongestWord) {
        strongestWord = w;
        word = { text: feature.slice(2).split('_')[0] ?? '', sentence: at };
      }
    }
    const probability = 1 / (1 + Math.exp(-score));
    if (probability >= threshold && support >= MIN_SUPPORT) out.push({ id: entry.id, probability, sentence, word });
  }
  return out.sort((a, b) => b.probability - a.probability);
}

/** The motifs the model finds at or above its threshold, most likely first. */
export function learntMotifs(model: MotifModel, features: MotifFeatures): LearntMotif[] {
  return weigh(model, model.motifs, features, model.threshold);
}

/**
 * Symbols the story implies without their word, at or above the model's symbol threshold (`id` is the symbol's
 * name): the dreamer who "couldn't move, something heavy on my chest" tells of paralysis, the one "in nothing but
 * my socks in front of the whole class" of nakedness. Only symbols that labelled dreams showed to be implied this
 * way are learnt (scripts/train-motif-model.ts).
 */
export function learntSymbols(model: MotifModel, features: MotifFeatures): LearntMotif[] {
  return weigh(model, model.symbols, features, model.symbolThreshold);
}
