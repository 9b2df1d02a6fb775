import { wordList } from '../kb/lexicon';
import type { Sentiment } from '../nlp/sentiment';
import type { DreamAnalysis } from '../types';
import { SliceTimer } from '../util/cooperative';

type Tone = DreamAnalysis['tone'];

const round = (n: number) => Math.round(n * 1000) / 1000;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** A change of this size between the opening and the closing third counts as a movement. */
const MOVEMENT_DELTA = 0.3;
/** Swings this wide without a net change read as mixed. */
const MIXED_RANGE = 0.9;

/**
 * VADER was built for social-media text and reads "a huge dog chased me" as mildly positive (from
 * "huge"). Events that are distressing in a dream but neutral to VADER nudge a sentence down a
 * little, never flipping a clearly positive one.
 */
const DREAM_DISTRESS = wordList('dream-distress');
/** Phrases VADER reads backwards in a dream: being laughed at is humiliation, not joy. */
const REWRITES: Array<[RegExp, string]> = [[/\blaugh(ed|ing|s)? at (me|us|him|her|them)\b/gi, 'mocked $2']];
const NUDGE = 0.2;
const MAX_NUDGES = 2;

export interface ToneSentence {
  text: string;
  /** Base forms of the sentence's words that are not negated. */
  forms: Set<string>;
  /** Bodily and behavioural signs of fear in the sentence ("screaming", "my heart hammering"). */
  fearCues?: number;
}

/** A frightened body tells the feeling even without a feeling word: each sign pulls the sentence down this much. */
const FEAR_CUE_WEIGHT = 0.3;
const MAX_FEAR_CUES = 3;

/** The emotional arc, sentence by sentence, and its overall direction. */
export async function readTone(sentences: ToneSentence[], sentiment: Sentiment): Promise<Tone> {
  const arc: Tone['arc'] = [];
  // VADER takes about a millisecond a sentence; a long dream is scored in slices.
  const timer = new SliceTimer(10);
  for (const [sentence, { text, forms, fearCues = 0 }] of sentences.entries()) {
    await timer.maybeYield();
    const base = sentiment(REWRITES.reduce((t, [re, by]) => t.replace(re, by), text));
    let distress = 0;
    for (const f of forms) if (DREAM_DISTRESS.has(f)) distress += 1;
    let nudged = base < 0.5 && distress ? Math.max(-1, base - NUDGE * Math.min(MAX_NUDGES, distress)) : base;
    // VADER already scores some of these words ("screaming"): the cue only deepens a sentence not yet clearly dark.
    if (fearCues && nudged > -0.6 && base < 0.6)
      nudged = Math.max(-1, Math.min(nudged, 0) - FEAR_CUE_WEIGHT * Math.min(MAX_FEAR_CUES, fearCues));
    arc.push({ sentence, compound: round(nudged) });
  }
  const values = arc.map((a) => a.compound);
  const overall = round(mean(values));
  if (values.length < 2) return { overall, arc, movement: 'steady' };
  const third = Math.max(1, Math.ceil(values.length / 3));
  const opening = mean(values.slice(0, third));
  const closing = mean(values.slice(-third));
  const delta = closing - opening;
  const range = Math.max(...values) - Math.min(...values);
  let movement: Tone['movement'];
  if (delta >= MOVEMENT_DELTA) movement = 'rising';
  else if (delta <= -MOVEMENT_DELTA) movement = 'falling';
  else if (range >= MIXED_RANGE) movement = 'mixed';
  else movement = 'steady';
  return { overall, arc, movement };
}
