import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface Scores {
  neg: number;
  neu: number;
  pos: number;
  compound: number;
}

interface VaderModule {
  SentimentIntensityAnalyzer: { polarity_scores(text: string): Scores };
}

function isVader(value: unknown): value is VaderModule {
  if (typeof value !== 'object' || value === null) return false;
  const analyzer = (value as { SentimentIntensityAnalyzer?: { polarity_scores?: unknown } }).SentimentIntensityAnalyzer;
  return typeof analyzer?.polarity_scores === 'function';
}

export type Sentiment = (text: string) => number;

/** VADER's compound score (-1 … 1) of one piece of text. */
export function loadSentiment(): Sentiment {
  const mod: unknown = require('vader-sentiment');
  if (!isVader(mod)) throw new Error('vader-sentiment: unexpected module shape');
  return (text: string) => mod.SentimentIntensityAnalyzer.polarity_scores(text).compound;
}
