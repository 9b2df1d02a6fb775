import type { Database } from './client';

/** One T per database handle (each app process has one handle; tests may have several). */
export function perDatabase<T extends object>(create: (db: Database) => T): (db: Database) => T {
  const made = new WeakMap<Database, T>();
  return (db) => {
    let value = made.get(db);
    if (!value) {
      value = create(db);
      made.set(db, value);
    }
    return value;
  };
}
