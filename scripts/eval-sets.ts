/**
 * The labelled evaluation sets of the engine, in one place for eval-engine.ts, check-eval-labels.ts
 * and train-motif-model.ts.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const EVAL_DIR = path.join(ROOT, 'server/src/engine/eval');
/** The in-sample set the engine was first tuned on. */
export const IN_SAMPLE_FILE = path.join(EVAL_DIR, 'narratives.json');
/** The ways each motif is told, and near misses (eval/motif-paraphrases.json). */
export const PARAPHRASES_FILE = path.join(EVAL_DIR, 'motif-paraphrases.json');
/** A second, independent reading of the test halves' motifs (eval/second-reading.json). */
export const SECOND_READING_FILE = path.join(EVAL_DIR, 'second-reading.json');
/**
 * The sets written by others, in the order they were written; each has a dev and a test split.
 * eval/eleventh-set.json was written blind at the end of the fifth round and first measured, test half included,
 * at the start of the sixth, before tuning on it; eval/twelfth-set.json likewise, written blind in the sixth
 * round and first measured at the start of the seventh; eval/thirteenth-set.json written blind at the start of the
 * seventh and first measured, both halves, at its end, on the finished engine; eval/fourteenth-set.json likewise,
 * written blind at the start of the eighth round and first measured at its end; eval/fifteenth-set.json written
 * blind at the start of the ninth and first measured, both halves, at its end; eval/sixteenth-set.json likewise,
 * written blind at the start of the tenth; eval/seventeenth-set.json likewise, written blind at the start of the
 * eleventh (its four languages chosen by its writer, not by us); eval/eighteenth-set.json likewise, at the start of
 * the twelfth; eval/nineteenth-set.json likewise, after the twelfth round's end, read at the thirteenth's;
 * eval/twentieth-set.json likewise, at the start of the fourteenth, read at its end; eval/twenty-first-set.json
 * likewise, after the fourteenth round's end, read at the fifteenth's; eval/twenty-second-set.json likewise, at the
 * start of the fifteenth, read at the end of the short sixteenth; eval/twenty-third-set.json likewise, at the start
 * of the short sixteenth, read at the end of the seventeenth; eval/twenty-fourth-set.json likewise, after the
 * seventeenth round's end, read at the eighteenth's; eval/twenty-fifth-set.json likewise, after the eighteenth
 * round's end, read at the nineteenth's; eval/twenty-sixth-set.json likewise, at the start of the nineteenth, read
 * at the twentieth's end.
 */
export const HELD_OUT_SETS = [
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
  'twentieth',
  'twenty-first',
  'twenty-second',
  'twenty-third',
  'twenty-fourth',
  'twenty-fifth',
  'twenty-sixth',
] as const;
export type HeldOutSet = (typeof HELD_OUT_SETS)[number];
export const setFile = (set: HeldOutSet): string => path.join(EVAL_DIR, `${set}-set.json`);

/**
 * Training sets (eval/training/*.json): labelled like the held-out sets, written blind to the engine, but
 * only learnt from and tuned on; every item's split is 'train'. Named by file, in name order.
 */
export const TRAINING_DIR = path.join(EVAL_DIR, 'training');
export function trainingSets(): Array<{ name: string; file: string }> {
  if (!existsSync(TRAINING_DIR)) return [];
  return readdirSync(TRAINING_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: f.replace(/\.json$/, ''), file: path.join(TRAINING_DIR, f) }));
}
