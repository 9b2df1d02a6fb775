import { OpenAiEngine, type OpenAiOptions } from './providers/openai';
import { LocalEngine, type EngineLog } from './providers/local';
import type { InterpretationEngine } from './types';

export { bySignOrder, computeDreamSigns, symbolLabel } from './dream-signs';
export { explainReading, type EvidenceInput } from './compose/evidence';
export type * from './types';

export interface EngineConfig {
  provider: 'local' | 'openai';
  openai?: OpenAiOptions;
  log: EngineLog;
  /** Test hooks: another knowledge-base directory. */
  kbDir?: string;
}

/**
 * Creates the interpretation engine. Loading starts at once in the background; every method waits
 * for it, so the server can answer other requests meanwhile.
 */
export function createEngine(config: EngineConfig): InterpretationEngine {
  const local = new LocalEngine(config.log, { kbDir: config.kbDir });
  if (config.provider === 'openai') return new OpenAiEngine(local, config.openai ?? {}, config.log);
  return local;
}
