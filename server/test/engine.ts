import { createEngine } from '../src/engine';
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
