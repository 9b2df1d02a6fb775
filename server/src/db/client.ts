import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as schema from './schema';
import { startBundledPostgres, type BundledPostgresLog } from './bundled-postgres';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  /** Closes the pool and, for the bundled server, stops PostgreSQL. */
  close(): Promise<void>;
  kind: 'bundled' | 'external';
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// PostgreSQL bigint counts arrive as strings; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export function createPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ max: 10, idleTimeoutMillis: 30_000, ...config });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}

export function wrapPool(pool: pg.Pool): Database {
  return drizzle(pool, { schema });
}

export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/** Opens the database named by DATABASE_URL, or starts the bundled server in DATA_DIR. */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  log: BundledPostgresLog;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = createPool({ connectionString: options.databaseUrl });
    return { db: wrapPool(pool), pool, kind: 'external', close: () => pool.end() };
  }
  const server = await startBundledPostgres({ dataDir: options.dataDir, log: options.log });
  const pool = createPool(server.connection);
  return {
    db: wrapPool(pool),
    pool,
    kind: 'bundled',
    close: async () => {
      await pool.end().catch(() => undefined);
      await server.stop();
    },
  };
}
