import type { Database } from '../client';

/** Reference data every installation needs (symbol dictionary, guided library). Idempotent. */
export async function seedReferenceData(db: Database): Promise<void> {
  void db;
}
