import type { Database } from '../db/client';
import type { InterpretationEngine } from '../engine/types';
import { seedGuidedLibrary, type SeedOutcome } from '../features/guided/service';
import { seedDictionary } from '../features/symbols/service';

/**
 * Reference data every installation needs: the guided library, from its content files (quick: the
 * start awaits it before serving), and the symbol dictionary, from the engine's knowledge base
 * (waits for the engine to load). Both are idempotent.
 */
export { seedGuidedLibrary };

/**
 * The symbol dictionary once the engine is ready: knowledge-base symbols are added or brought up to
 * date, other stored symbols are kept. Returns how many were added and updated.
 */
export async function seedSymbolDictionary(
  db: Database,
  engine: InterpretationEngine,
): Promise<{ added: number; updated: number }> {
  await engine.ready();
  return seedDictionary(db, engine);
}

export async function seedReferenceData(
  db: Database,
  engine: InterpretationEngine,
): Promise<{ guided: SeedOutcome; symbols: { added: number; updated: number } }> {
  const guided = await seedGuidedLibrary(db);
  const symbols = await seedSymbolDictionary(db, engine);
  return { guided, symbols };
}
