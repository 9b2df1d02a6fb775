import type { Database } from '../db/client';
import type { InterpretationEngine } from '../engine/types';
import { seedDictionary } from '../features/symbols/service';

/**
 * Reference data every installation needs: the symbol dictionary, from the engine's knowledge base.
 * Idempotent (existing symbols are kept). Waits for the engine to load. Returns the symbols added.
 */
export async function seedReferenceData(db: Database, engine: InterpretationEngine): Promise<number> {
  await engine.ready();
  return seedDictionary(db, engine);
}
