import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Model } from 'wink-eng-lite-web-model';
import type { WinkMethods } from 'wink-nlp';
import { SliceTimer, yieldToLoop } from '../util/cooperative';

const require = createRequire(import.meta.url);

/** Annotations the engine reads: sentences, negation, POS (lemmas need POS). NER and wink's own sentiment are not used. */
const PIPE = ['sbd', 'negation', 'pos'];

interface Feature {
  list: string[];
  hash?: Record<string, number>;
  intrinsicSize?: number;
  index?: number;
  maxIndex?: number;
}

/** The parts of wink's core model that its loader post-processes (see dist/read-core-model.js). */
interface CoreModelJson {
  packing: { layout: Record<string, number[]>; efList?: string[] };
  features: Record<string, Feature> & { lexeme: Feature; posClusters: { list: Array<string | Set<number>> } };
  pos: { hash: Record<string, number> };
  lexicon: string | Uint32Array;
  xpansions: string | Uint32Array;
}

function isCoreModel(value: unknown): value is CoreModelJson {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const features = v.features as Record<string, unknown> | undefined;
  return (
    typeof v.packing === 'object' &&
    typeof v.lexicon === 'string' &&
    typeof v.xpansions === 'string' &&
    typeof v.pos === 'object' &&
    typeof features === 'object' &&
    typeof (features.lexeme as { list?: unknown } | undefined)?.list === 'object' &&
    typeof (features.posClusters as { list?: unknown } | undefined)?.list === 'object'
  );
}

function base64ToUint32(data: string): Uint32Array {
  const bytes = Buffer.from(data, 'base64');
  // Uint32Array needs a 4-byte aligned buffer of its own; Buffer pools are not aligned.
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return new Uint32Array(copy.buffer);
}

async function buildHash(list: string[], timer: SliceTimer): Promise<Record<string, number>> {
  const hash: Record<string, number> = Object.create(null) as Record<string, number>;
  for (let k = 0; k < list.length; k += 1) {
    const key = list[k];
    if (key !== undefined) hash[key] = k;
    if ((k & 4095) === 0) await timer.maybeYield();
  }
  return hash;
}

/**
 * The same post-processing as wink-eng-lite-web-model's read-core-model.js and load-core-model.js,
 * done in slices: the packaged loader does it in one synchronous call of ~90 ms, which would stall
 * every request while the server starts.
 */
async function loadCoreModel(modelDir: string, timer: SliceTimer): Promise<CoreModelJson> {
  const text = await readFile(path.join(modelDir, 'languages/cur/models/eng-core-web-model.json'), 'utf8');
  await yieldToLoop();
  const parsed: unknown = JSON.parse(text);
  if (!isCoreModel(parsed)) throw new Error('unexpected wink core model layout');
  await yieldToLoop();
  const model = parsed;
  model.lexicon = base64ToUint32(model.lexicon as string);
  model.xpansions = base64ToUint32(model.xpansions as string);
  await yieldToLoop();
  const { layout } = model.packing;
  for (const f of Object.keys(layout)) {
    const feature = model.features[f];
    if (layout[f]?.[3] === 0 && feature) feature.hash = await buildHash(feature.list, timer);
  }
  model.features.lexeme.hash = await buildHash(model.features.lexeme.list, timer);
  const clusters = model.features.posClusters.list;
  for (let k = 0; k < clusters.length; k += 1) {
    const c = clusters[k];
    if (typeof c === 'string') clusters[k] = new Set(c.split('_').map((e) => model.pos.hash[e] ?? 0));
  }
  model.packing.efList = [];
  for (const f of Object.keys(layout)) {
    const entry = layout[f] ?? [];
    const feature = model.features[f];
    if (entry[3] === 0 && feature) {
      feature.intrinsicSize = feature.list.length;
      feature.index = feature.list.length;
      feature.maxIndex = (entry[1] ?? 0) >>> (entry[2] ?? 0);
    }
    if (entry[4] === 1) model.packing.efList.push(f);
  }
  model.features.lexeme.intrinsicSize = model.features.lexeme.list.length;
  model.features.lexeme.index = model.features.lexeme.list.length;
  return model;
}

/** Requires one module of the model package per event-loop turn. */
async function requireSliced(dir: string, file: string): Promise<unknown> {
  await yieldToLoop();
  return require(path.join(dir, file)) as unknown;
}

async function loadModelSliced(): Promise<Model> {
  const modelDir = path.join(path.dirname(require.resolve('wink-eng-lite-web-model')));
  const timer = new SliceTimer(8);
  const core = await loadCoreModel(modelDir, timer);
  const model: Model = {
    core: () => core,
    sbd: await requireSliced(modelDir, 'load-sbd-model.js'),
    pos: await requireSliced(modelDir, 'load-pos-model.js'),
    ner: await requireSliced(modelDir, 'load-ner-model.js'),
    negation: await requireSliced(modelDir, 'load-negation-model.js'),
    sa: await requireSliced(modelDir, 'load-sa-model.js'),
    metaCER: await requireSliced(modelDir, 'load-cer-meta-model.js'),
    featureFn: await requireSliced(modelDir, 'feature.js'),
    addons: {
      stem: await requireSliced(modelDir, 'porter-stemmer.js'),
      lemmatize: await requireSliced(modelDir, 'lemmatize.js'),
      readabilityStats: await requireSliced(modelDir, 'readability-stats.js'),
      wordVectors: undefined,
    },
  };
  for (const key of ['sbd', 'pos', 'ner', 'negation', 'sa', 'metaCER', 'featureFn'] as const) {
    if (typeof model[key] !== 'function') throw new Error(`unexpected wink model layout: ${key}`);
  }
  return model;
}

export interface WinkLoadResult {
  nlp: WinkMethods;
  /** 'sliced' normally; 'packaged' when the model package changed shape and its own loader was used. */
  mode: 'sliced' | 'packaged';
  fallbackReason?: string;
}

/**
 * wink-nlp's own modules, leaves first. Evaluating the whole package at once takes one slice of
 * 30–70 ms (most of it module loading); required one by one, each is a few milliseconds and the
 * final require finds them cached. A file missing in another version is simply skipped.
 */
const WINK_MODULES = [
  'constants',
  'helper',
  'locate',
  'sort4FT',
  'compose-patterns',
  'identify-marked-area',
  'compile-trex',
  'recursive-tokenizer',
  'search',
  'reconstruct-spaces',
  'sentence-wise-importance',
  'its',
  'contained-markings',
  'contained-entities',
  'as',
  'allowed',
  'cache',
  'dd-wrapper',
  'tokens-mappers',
  'tokenizer',
  'automaton',
  'examples-compiler',
  'api/get-parent-item',
  'api/col-get-item',
  'api/sel-get-item',
  'api/col-each',
  'api/sel-each',
  'api/col-map',
  'api/sel-map',
  'api/col-filter',
  'api/sel-filter',
  'api/itm-token-out',
  'api/col-tokens-out',
  'api/sel-tokens-out',
  'api/itm-entity-out',
  'api/col-entities-out',
  'api/sel-entities-out',
  'api/itm-sentence-out',
  'api/col-sentences-out',
  'api/itm-document-out',
  'api/print-tokens',
  'doc-v2',
];

type WinkFactory = typeof import('wink-nlp').default;

async function requireWinkSliced(): Promise<WinkFactory> {
  const dir = path.dirname(require.resolve('wink-nlp'));
  for (const name of WINK_MODULES) {
    await yieldToLoop();
    try {
      require(path.join(dir, `${name}.js`));
    } catch {
      // Layout differs in this version; the package's entry point below loads whatever it needs.
    }
  }
  await yieldToLoop();
  return require('wink-nlp') as WinkFactory;
}

export async function loadWink(): Promise<WinkLoadResult> {
  const winkNLP = await requireWinkSliced();
  await yieldToLoop();
  try {
    const model = await loadModelSliced();
    await yieldToLoop();
    const nlp = winkNLP(model, PIPE);
    return { nlp, mode: 'sliced' };
  } catch (err) {
    // A future model version may lay its files out differently; its own loader still works, only in one longer slice.
    const { default: model } = await import('wink-eng-lite-web-model');
    await yieldToLoop();
    return {
      nlp: winkNLP(model, PIPE),
      mode: 'packaged',
      fallbackReason: err instanceof Error ? err.message : String(err),
    };
  }
}
