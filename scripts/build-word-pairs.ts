/**
 * Writes server/src/engine/kb/word-pairs.json (read by server/src/engine/nlp/word-pairs.ts): the words the training
 * sets' narratives use at least MIN_WORD_COUNT times, and every pair of them seen side by side there. Only the
 * training sets are read, never a held-out set.
 *
 *   npm run build:word-pairs          (tsx scripts/build-word-pairs.ts)
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_KB_DIR, WORD_PAIRS_FILE } from '../server/src/engine/kb/loader';
import { encodePairs, MIN_WORD_COUNT, pairWords, VOCABULARY_LIMIT } from '../server/src/engine/nlp/word-pairs';
import { trainingSets } from './eval-sets';

const told: string[][] = [];
for (const { file } of trainingSets())
  for (const d of JSON.parse(await readFile(file, 'utf8')) as Array<{ narrative: string }>)
    told.push(pairWords(d.narrative));

const counts = new Map<string, number>();
for (const words of told) for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
const vocabulary = [...counts]
  .filter(([, n]) => n >= MIN_WORD_COUNT)
  .map(([w]) => w)
  .sort();
if (vocabulary.length >= VOCABULARY_LIMIT) throw new Error(`vocabulary of ${vocabulary.length} words is too large`);
const index = new Map(vocabulary.map((w, i) => [w, i]));
const codes = new Set<number>();
for (const words of told)
  for (let i = 1; i < words.length; i++) {
    const a = index.get(words[i - 1] as string);
    const b = index.get(words[i] as string);
    if (a !== undefined && b !== undefined) codes.add(a * VOCABULARY_LIMIT + b);
  }
const sorted = [...codes].sort((x, y) => x - y);
const out = path.join(DEFAULT_KB_DIR, WORD_PAIRS_FILE);
await writeFile(
  out,
  `${JSON.stringify({
    about:
      'Written by scripts/build-word-pairs.ts (do not edit by hand) from the training sets narratives only: the words used at least three times and every pair of them seen side by side (server/src/engine/nlp/word-pairs.ts).',
    dreams: told.length,
    vocabulary,
    pairs: encodePairs(sorted),
  })}\n`,
);
console.log(
  `${told.length} narratives, ${vocabulary.length} words, ${sorted.length} pairs → ${path.relative(process.cwd(), out)}`,
);
