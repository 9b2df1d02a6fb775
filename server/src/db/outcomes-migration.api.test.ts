import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { runMigrations } from './client';

// Migration 0009 on a journal written before it: completed intentions become "success", the rest
// "pending"; every dream's updated_at starts at its creation time.
const MIGRATION = '0009_outcomes_and_edits';
const folder = fileURLToPath(new URL('./migrations', import.meta.url));

let database: TestDatabase;
let before: string;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  // Every migration up to (not including) 0009, from a copy of the folder with a shorter journal.
  before = await mkdtemp(path.join(os.tmpdir(), 'dt-migrations-'));
  await cp(folder, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: Array<{ tag: string; when: number }> };
  const target = journal.entries.find((e) => e.tag === MIGRATION);
  if (!target) throw new Error(`${MIGRATION} is not in the journal`);
  journal.entries = journal.entries.filter((e) => e.when < target.when);
  await writeFile(journalPath, JSON.stringify(journal));
  await migrate(database.db, { migrationsFolder: before });
}, 60_000);
afterAll(async () => {
  await database.drop();
  await rm(before, { recursive: true, force: true });
});

describe(`migration ${MIGRATION}`, () => {
  it('turns completed intentions into outcomes and starts updated_at at created_at', async () => {
    const { db } = database;
    await db.execute(sql`insert into users (id, username, email, password) values (1, 'old', 'old@example.test', 'x')`);
    await db.execute(sql`insert into intentions (user_id, text, completed) values
      (1, 'Worked', true), (1, 'Open', false)`);
    await db.execute(sql`insert into dreams (user_id, title, narrative, created_at) values
      (1, 'Old dream', 'Written long ago.', '2025-01-05T08:00:00Z')`);

    await runMigrations(db);

    const outcomes = await db.execute<{ text: string; outcome: string; completed: boolean }>(
      sql`select text, outcome, completed from intentions order by text`,
    );
    expect(outcomes.rows).toEqual([
      { text: 'Open', outcome: 'pending', completed: false },
      { text: 'Worked', outcome: 'success', completed: true },
    ]);
    const dreams = await db.execute<{ same: boolean }>(sql`select updated_at = created_at as same from dreams`);
    expect(dreams.rows).toEqual([{ same: true }]);
  });
});
