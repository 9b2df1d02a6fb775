/**
 * Trains the learnt motif model (server/src/engine/analysis/motif-model.ts) and writes
 * server/src/engine/kb/motif-model.json.
 *
 * Training data, never a test half:
 * - the in-sample set (eval/narratives.json);
 * - the dev half of every held-out set (scripts/eval-sets.ts), English and not nonsense;
 * - every training set (eval/training/), English and not nonsense;
 * - the motif paraphrases: each way of telling a motif is a positive for it, each near miss a negative.
 *
 * One logistic regression per motif (becoming-lucid excepted: lucidity is read only by lucidity.ts), over
 * the binary features of motifFeatures, full-batch gradient descent (deterministic), L2, positives
 * weighted up. Features seen in fewer than two training dreams are dropped; tiny weights are pruned.
 *
 *   npx tsx scripts/train-motif-model.ts            (trains on everything above and writes the model)
 *   npx tsx scripts/train-motif-model.ts --held-out (leave-one-set-out on the dev halves: for each set,
 *                                                    trains without its dev half and reports motif recall
 *                                                    and precision there, triggers alone and with the model)
 *   npx tsx scripts/train-motif-model.ts --held-out --no-training (the same without the training sets)
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { learntSymbols, type MotifFeatures } from '../server/src/engine/analysis/motif-model';
import type { DreamForEngine } from '../server/src/engine/types';
import { DEFAULT_KB_DIR, MOTIF_MODEL_FILE, readMotifModel } from '../server/src/engine/kb/loader';
import type { MotifModelFile } from '../server/src/engine/kb/schema';
import { loadRuntime } from '../server/src/engine/runtime';
import { HELD_OUT_SETS, IN_SAMPLE_FILE, PARAPHRASES_FILE, setFile, trainingSets } from './eval-sets';

const DEFAULT_SETTINGS = {
  /** Gradient-descent steps over the whole training set. */
  iterations: 600,
  learningRate: 0.5,
  /** L2 penalty (divided by the number of training dreams). */
  l2: 0.5,
  /** How much more a positive counts than a negative: motifs are rare in any one dream. */
  positiveWeight: 3,
  /** A feature must occur in at least this many training dreams. */
  minCount: 2,
  /** Weights smaller than this are left out of the file. */
  prune: 0.05,
  /**
   * How much more a near miss of the paraphrases counts as a negative: the words of a motif without it (10 until
   * the ninth round; with its seven training sets, "I had the same sandwich I always have" read as a recurring place).
   */
  nearMissWeight: 20,
  /** A motif needs this many positive training dreams to be learnt. */
  minPositives: 3,
};
// MOTIF_SETTINGS='{"l2":0.2}' tries other settings (with --held-out).
const SETTINGS: typeof DEFAULT_SETTINGS = {
  ...DEFAULT_SETTINGS,
  ...(JSON.parse(process.env.MOTIF_SETTINGS ?? '{}') as Partial<typeof DEFAULT_SETTINGS>),
};
/**
 * Chosen with --held-out (MOTIF_THRESHOLD=… to try another). With the ten training sets, 0.3 found more of
 * the held-out training sets' motifs than 0.4 at the same precision; on the dev halves it cost a few points of
 * precision. In the seventh round, leave-one-training-set-out over twelve of the 35 sets (the same model refitted
 * with L-BFGS in a throwaway script, for speed) gave the same F1 from
 * 0.2 to 0.4 (0.79), recall 0.823 and precision 0.760 at 0.25 against 0.810 and 0.768 at 0.3; 0.25 leans to
 * recall, which the issue sets a target for. Thresholds chosen per motif (nested) gained nothing.
 */
const THRESHOLD = Number(process.env.MOTIF_THRESHOLD ?? 0.25);
/**
 * Symbols the labelled dreams show told without their word, learnt like the motifs over the same features (a
 * model per symbol, trained on the dreams whose reading did not find it): the dreamer who "couldn't move, something
 * sat on my chest" is labelled paralysis, the one "stood there in my socks while the whole class stared" naked.
 * The list is the symbols that leave-one-set-out (over all 55 training sets, the model refitted with L-BFGS in a
 * throwaway script) showed implied often and reliably: paralysis 50 right / 2 wrong, an intruder 34/6, a guide 21/6,
 * nakedness 16/1, a few each for the others. A celebrity is left to the famous names (the model read one into a
 * chat show on the telly). The threshold was chosen with --held-out (FOLDS=8, this model itself): symbols it would
 * imply, right/wrong, 30/3 at 0.4, 26/3 at 0.5, 19/3 at 0.6, 14/2 at 0.7. Music, a clock, an instrument and a
 * pregnancy were added in the seventeenth round: over the 119 training sets in five groups of whole sets (the model
 * refitted with L-BFGS in a throwaway script), at 0.4 they were implied 23 right / 4 wrong, 10/0, 6/1 and 8/1 (music
 * from "the organ going" at a wedding); a crowd (78/79), darkness (25/38) and a hidden room (29/25) were no better
 * than a coin and stay out.
 * IMPLIED_SYMBOLS='a,b' tries others (with --held-out); SYMBOL_THRESHOLD and SYMBOL_L2 likewise.
 */
const IMPLIED_SYMBOLS = (
  process.env.IMPLIED_SYMBOLS ??
  'paralysis,intruder,guide,naked,light,stranger,partner,drive,search,fire,teacher,elder,music,clock,instrument,pregnancy'
).split(',');
const SYMBOL_THRESHOLD = Number(process.env.SYMBOL_THRESHOLD ?? 0.4);
const SYMBOL_L2 = Number(process.env.SYMBOL_L2 ?? 3);
/**
 * Motifs left to the triggers: lucidity (read only by lucidity.ts), and motifs a single thing would
 * convict on a bag of words ("the dentist said my teeth were perfect" is no teeth falling out, "my
 * grandpa hugged me" no visit from the dead, "famous for her lasagne" no celebrity, "she's expecting"
 * no birth). Claiming one of these wrongly costs a dreamer more than missing it. A death at the bedside,
 * a false awakening, a figure by the bed, a house fire and a wedding are learnt since the training sets
 * (--held-out with MOTIF_LEARN_ALSO: 19 right, 3 wrong across the folds; a visit from the dead was 9 right,
 * 8 wrong and stays with the triggers).
 */
const NOT_LEARNT = new Set([
  'becoming-lucid',
  'teeth-falling-out',
  'deceased-visitor',
  'meeting-a-celebrity',
  'pregnancy-birth',
]);
// MOTIF_LEARN_ALSO=wedding,house-on-fire tries learning some of them (with --held-out).
for (const id of (process.env.MOTIF_LEARN_ALSO ?? '').split(',')) NOT_LEARNT.delete(id);

interface Example {
  group: string;
  /** The fold it belongs to in --held-out: its held-out set, or its training set's file. */
  fold: string;
  /** A near miss of the paraphrases (weighed by nearMissWeight as a negative). */
  nearMiss?: boolean;
  dream: DreamForEngine;
  features: MotifFeatures;
  positives: Set<string>;
  /** Motifs the cue triggers alone found (for --held-out). */
  triggered: Set<string>;
  /** The labelled symbols (undefined for a paraphrase, which labels none), and those the reading found. */
  symbols?: Set<string>;
  found: Set<string>;
}

interface LabelledDream {
  id?: string;
  title?: string;
  narrative: string;
  tags?: string[];
  expectedMotifs?: string[];
  expectedSymbols?: string[];
  split?: string;
  language?: string;
  nonsense?: boolean;
}

const runtime = await loadRuntime();
const motifIds = runtime.kb.motifs.map((m) => m.id).filter((id) => !NOT_LEARNT.has(id));
// The cue triggers alone: what the model is there to add to.
const model = runtime.kb.motifModel;
runtime.kb.motifModel = undefined;

let nextId = 1;
async function example(
  group: string,
  text: string,
  title: string,
  tags: string[],
  positives: string[],
  fold = group,
  symbols?: string[],
): Promise<Example> {
  const dream: DreamForEngine = { id: nextId++, title, narrative: text, tags, timePeriod: null, date: null };
  const reading = await runtime.analyser.read(dream);
  return {
    group,
    fold,
    dream,
    features: reading.motifFeatures,
    positives: new Set(positives),
    triggered: new Set(reading.analysis.motifs.map((m) => m.id)),
    symbols: symbols && new Set(symbols),
    found: new Set(reading.analysis.symbols.map((x) => x.name)),
  };
}

const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, 'utf8')) as T;
const examples: Example[] = [];
for (const d of await readJson<LabelledDream[]>(IN_SAMPLE_FILE))
  examples.push(
    await example(
      'in-sample',
      d.narrative,
      d.title ?? '',
      d.tags ?? [],
      d.expectedMotifs ?? [],
      'in-sample',
      d.expectedSymbols,
    ),
  );
for (const set of HELD_OUT_SETS)
  for (const d of await readJson<LabelledDream[]>(setFile(set)))
    if (d.split === 'dev' && (d.language ?? 'en') === 'en' && !d.nonsense)
      examples.push(
        await example(set, d.narrative, d.title ?? '', d.tags ?? [], d.expectedMotifs ?? [], set, d.expectedSymbols),
      );
// --no-training: leaves the training sets out (to measure what they add, with --held-out).
for (const { name, file } of process.argv.includes('--no-training') ? [] : trainingSets())
  for (const d of await readJson<LabelledDream[]>(file))
    if ((d.language ?? 'en') === 'en' && !d.nonsense)
      examples.push(
        await example(
          'training',
          d.narrative,
          d.title ?? '',
          d.tags ?? [],
          d.expectedMotifs ?? [],
          name,
          d.expectedSymbols,
        ),
      );
const paraphrases = await readJson<{ motifs: Record<string, { shows: string[]; nearMisses: string[] }> }>(
  PARAPHRASES_FILE,
);
for (const [id, { shows, nearMisses }] of Object.entries(paraphrases.motifs)) {
  for (const text of shows) examples.push(await example('paraphrases', text, '', [], [id]));
  for (const text of nearMisses) examples.push({ ...(await example('paraphrases', text, '', [], [])), nearMiss: true });
}

/** One logistic regression by full-batch gradient descent (deterministic), L2; sparse weights above `prune`. */
function logistic(
  rows: number[][],
  y: number[],
  weightOf: (row: number) => number,
  width: number,
  settings: { iterations: number; learningRate: number; l2: number; prune: number },
): { bias: number; weights: Array<[number, number]> } {
  const n = rows.length;
  const w = new Float64Array(width);
  let bias = 0;
  for (let it = 0; it < settings.iterations; it += 1) {
    const grad = new Float64Array(width);
    let gBias = 0;
    rows.forEach((row, r) => {
      let score = bias;
      for (const j of row) score += w[j] ?? 0;
      const err = (1 / (1 + Math.exp(-score)) - (y[r] ?? 0)) * weightOf(r);
      gBias += err;
      for (const j of row) grad[j] = (grad[j] ?? 0) + err;
    });
    for (let j = 0; j < width; j += 1)
      w[j] = (w[j] ?? 0) - (settings.learningRate * ((grad[j] ?? 0) + settings.l2 * (w[j] ?? 0))) / n;
    bias -= (settings.learningRate * gBias) / n;
  }
  const weights: Array<[number, number]> = [];
  w.forEach((v, j) => {
    if (Math.abs(v) >= settings.prune) weights.push([j, Math.round(v * 1000) / 1000]);
  });
  return { bias: Math.round(bias * 1000) / 1000, weights };
}

/** Trains every motif and implied symbol on `train`; returns the model file. */
function fit(train: Example[]): MotifModelFile {
  const counts = new Map<string, number>();
  for (const e of train) for (const f of e.features.keys()) counts.set(f, (counts.get(f) ?? 0) + 1);
  const features = [...counts]
    .filter(([, n]) => n >= SETTINGS.minCount)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([f]) => f);
  const index = new Map(features.map((f, i) => [f, i]));
  const rows = train.map((e) => [...e.features.keys()].flatMap((f) => (index.has(f) ? [index.get(f) ?? 0] : [])));
  const motifs: MotifModelFile['motifs'] = {};
  for (const id of motifIds) {
    const y = train.map((e) => (e.positives.has(id) ? 1 : 0));
    if (y.reduce((a: number, b) => a + b, 0) < SETTINGS.minPositives) continue;
    motifs[id] = logistic(
      rows,
      y,
      (r) => (y[r] === 1 ? SETTINGS.positiveWeight : train[r]?.nearMiss ? SETTINGS.nearMissWeight : 1),
      features.length,
      SETTINGS,
    );
  }
  // Each implied symbol learns from the labelled dreams whose reading did not find it (paraphrases label no
  // symbols), without the feature of the symbol itself.
  const symbols: NonNullable<MotifModelFile['symbols']> = {};
  for (const name of IMPLIED_SYMBOLS) {
    const own = index.get(`S:${name}`);
    const at = train.flatMap((e, r) => (e.symbols && !e.found.has(name) ? [r] : []));
    const y = at.map((r) => (train[r]?.symbols?.has(name) ? 1 : 0));
    if (y.reduce((a: number, b) => a + b, 0) < SETTINGS.minPositives) continue;
    symbols[name] = logistic(
      at.map((r) => (rows[r] ?? []).filter((j) => j !== own)),
      y,
      () => 1,
      features.length,
      { ...SETTINGS, l2: SYMBOL_L2 },
    );
  }
  // Keep only the features some weight still uses, renumbered.
  const models = [...Object.values(motifs), ...Object.values(symbols)];
  const used = [...new Set(models.flatMap((m) => m.weights.map(([j]) => j)))].sort((a, b) => a - b);
  const renumber = new Map(used.map((j, k) => [j, k]));
  for (const m of models) m.weights = m.weights.map(([j, v]) => [renumber.get(j) ?? 0, v]);
  const groups = new Map<string, number>();
  for (const e of train) groups.set(e.group, (groups.get(e.group) ?? 0) + 1);
  return {
    about:
      'Written by scripts/train-motif-model.ts (do not edit by hand): a logistic model per motif over the features of server/src/engine/analysis/motif-model.ts, trained on the in-sample set, the dev halves of the held-out sets and the motif paraphrases. No test half was used.',
    trainedOn: Object.fromEntries(groups),
    settings: SETTINGS,
    threshold: THRESHOLD,
    features: used.map((j) => features[j] ?? ''),
    motifs,
    symbolThreshold: SYMBOL_THRESHOLD,
    symbols,
  };
}

if (process.argv.includes('--held-out')) {
  const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
  /** What the model added, per motif, over all held-out sets. */
  const added = new Map<string, { right: number; wrong: number }>();
  const impliedAdded = new Map<string, { right: number; wrong: number }>();
  /** Symbols the model would imply at each threshold (before the analyser's checks), right and wrong. */
  const byThreshold = new Map<number, { right: number; wrong: number }>();
  // Each held-out set's dev half, then each training set, left out in turn. The triggers were tuned on the dev
  // halves, so the training sets, written after, show best what the model adds on a new writer's dreams.
  const allFolds = [...HELD_OUT_SETS, ...new Set(examples.filter((e) => e.group === 'training').map((e) => e.fold))];
  // FOLDS=n: only every k-th fold, about n in all (each fold is a whole fit).
  const step = Math.max(1, Math.floor(allFolds.length / Number(process.env.FOLDS ?? allFolds.length)));
  const folds = allFolds.filter((_, i) => i % step === 0);
  for (const set of folds) {
    const held = examples.filter((e) => e.fold === set);
    if (held.length === 0) continue;
    const file = fit(examples.filter((e) => e.fold !== set));
    // Each held-out dream is read again by the analyser itself with this fold's model.
    runtime.kb.motifModel = readMotifModel(file, runtime.kb.motifs);
    const tally = { alone: { tp: 0, fp: 0, fn: 0 }, with: { tp: 0, fp: 0, fn: 0 } };
    for (const e of held) {
      const read = await runtime.analyser.read(e.dream);
      const reading = read.analysis;
      if (e.symbols && runtime.kb.motifModel)
        for (const x of learntSymbols({ ...runtime.kb.motifModel, symbolThreshold: 0.3 }, read.motifFeatures)) {
          if (e.found.has(x.id)) continue;
          for (const t of [0.4, 0.5, 0.6, 0.7, 0.8]) {
            if (x.probability < t) continue;
            const a = byThreshold.get(t) ?? { right: 0, wrong: 0 };
            if (e.symbols.has(x.id)) a.right += 1;
            else a.wrong += 1;
            byThreshold.set(t, a);
          }
        }
      const withModel = new Set(reading.motifs.map((m) => m.id));
      for (const x of reading.symbols) {
        if (e.found.has(x.name) || !e.symbols || !IMPLIED_SYMBOLS.includes(x.name)) continue;
        const a = impliedAdded.get(x.name) ?? { right: 0, wrong: 0 };
        if (e.symbols.has(x.name)) a.right += 1;
        else a.wrong += 1;
        impliedAdded.set(x.name, a);
      }
      for (const id of withModel) {
        if (e.triggered.has(id)) continue;
        const a = added.get(id) ?? { right: 0, wrong: 0 };
        if (e.positives.has(id)) a.right += 1;
        else a.wrong += 1;
        added.set(id, a);
      }
      for (const [key, found] of [
        ['alone', e.triggered],
        ['with', withModel],
      ] as const) {
        const t = tally[key];
        for (const id of found)
          if (e.positives.has(id)) t.tp += 1;
          else t.fp += 1;
        for (const id of e.positives) if (!found.has(id)) t.fn += 1;
      }
    }
    const line = (t: { tp: number; fp: number; fn: number }) =>
      `R ${ratio(t.tp, t.tp + t.fn).toFixed(3)} P ${ratio(t.tp, t.tp + t.fp).toFixed(3)}`;
    console.log(
      `${(set.startsWith('training') ? set : `${set}/dev`).padEnd(13)} triggers ${line(tally.alone)} | with the model ${line(tally.with)}`,
    );
  }
  runtime.kb.motifModel = undefined;
  console.log(
    `added by the model (right/wrong): ${[...added]
      .sort((a, b) => b[1].right - a[1].right)
      .map(([id, a]) => `${id} ${a.right}/${a.wrong}`)
      .join(', ')}`,
  );
  console.log(
    `implied symbols by threshold (right/wrong): ${[...byThreshold]
      .map(([t, a]) => `${t} ${a.right}/${a.wrong}`)
      .join(', ')}`,
  );
  console.log(
    `symbols implied by the model (right/wrong): ${[...impliedAdded]
      .sort((a, b) => b[1].right - a[1].right)
      .map(([name, a]) => `${name} ${a.right}/${a.wrong}`)
      .join(', ')}`,
  );
} else {
  const file = fit(examples);
  const out = path.join(DEFAULT_KB_DIR, MOTIF_MODEL_FILE);
  await writeFile(out, `${JSON.stringify(file)}\n`);
  const weights = Object.values(file.motifs).reduce((a, m) => a + m.weights.length, 0);
  console.log(
    `${examples.length} training dreams, ${Object.keys(file.motifs).length} motifs, ${file.features.length} features, ${weights} weights → ${path.relative(process.cwd(), out)}`,
  );
}
runtime.kb.motifModel = model;
