import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createEngine } from '../src/engine';
import { DEFAULT_KB_DIR } from '../src/engine/kb/files';
import type { DreamForEngine, InterpretationEngine } from '../src/engine/types';

let shared: InterpretationEngine | null = null;

/**
 * The real local engine, created on first use and shared within a test file, so suites that
 * never interpret anything do not pay for loading the NLP data.
 */
export function lazyEngine(): InterpretationEngine {
  const get = (): InterpretationEngine => {
    const engine = shared ?? createEngine({ provider: 'local', log: { info: () => undefined, warn: () => undefined } });
    shared = engine;
    return engine;
  };
  return {
    provider: 'local',
    ready: () => get().ready(),
    analyse: (dream) => get().analyse(dream),
    analyseMany: (dreams, table) => get().analyseMany(dreams, table),
    analysisFingerprint: () => get().analysisFingerprint(),
    interpret: (req) => get().interpret(req),
    interpretSymbol: (input) => get().interpretSymbol(input),
    dictionarySeed: () => get().dictionarySeed(),
  };
}

let nextDreamId = 100_000;

/** A dream for the engine's tests: only the narrative is needed; each gets its own id. */
export function testDream(narrative: string, extra: Partial<DreamForEngine> = {}): DreamForEngine {
  nextDreamId += 1;
  return { id: nextDreamId, title: '', narrative, tags: [], timePeriod: null, date: null, ...extra };
}

/**
 * How many dreams a learnt model may have learnt from in one group of its `trainedOn`: every English, sensible
 * dream of the training sets ('training'), or the dev half of a held-out set (its name). A test half never counts.
 */
export async function learnableDreams(group: string): Promise<number> {
  const evalDir = path.join(DEFAULT_KB_DIR, '..', 'eval');
  type Item = { split: string; language?: string; nonsense?: boolean };
  const read = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as Item[];
  const items =
    group === 'training'
      ? (
          await Promise.all(
            (await readdir(path.join(evalDir, 'training')))
              .filter((f) => f.endsWith('.json'))
              .map((f) => read(path.join(evalDir, 'training', f))),
          )
        ).flat()
      : await read(path.join(evalDir, `${group}-set.json`));
  return items.filter(
    (d) => d.split === (group === 'training' ? 'train' : 'dev') && (d.language ?? 'en') === 'en' && !d.nonsense,
  ).length;
}
