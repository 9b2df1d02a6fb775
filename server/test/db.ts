import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createPool, runMigrations, wrapPool, type Database } from '../src/db/client';

function adminConfig(): pg.ClientConfig {
  const target = inject('pgTarget');
  return target.kind === 'external'
    ? { connectionString: target.connectionString }
    : { host: target.host, port: target.port, user: target.user, database: 'postgres' };
}

/** Connection settings for a database on the test server. */
export function configFor(database: string): pg.PoolConfig {
  const target = inject('pgTarget');
  if (target.kind === 'external') {
    const url = new URL(target.connectionString);
    url.pathname = `/${database}`;
    return { connectionString: url.toString() };
  }
  return { host: target.host, port: target.port, user: target.user, database };
}

/** A URL for a database on the test server, for child processes (DATABASE_URL). */
export function urlFor(database: string): string {
  const target = inject('pgTarget');
  if (target.kind === 'external') {
    const url = new URL(target.connectionString);
    url.pathname = `/${database}`;
    return url.toString();
  }
  return `postgres://${target.user}@/${database}?host=${encodeURIComponent(target.host)}&port=${target.port}`;
}

export interface TestDatabase {
  name: string;
  db: Database;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file (`migrate: false`: an empty one, for migration tests). */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client(adminConfig());
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const pool = createPool(configFor(name));
  const db = wrapPool(pool);
  if (options.migrate !== false) await runMigrations(db);
  return {
    name,
    db,
    pool,
    async drop() {
      await pool.end();
      const client = new pg.Client(adminConfig());
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
