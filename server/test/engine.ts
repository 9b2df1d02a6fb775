import { createEngine } from '../src/engine';
import type { InterpretationEngine } from '../src/engine/types';

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
