import { desc, eq } from 'drizzle-orm';
import type { IntentionOutcome } from '@common/schemas/intentions';
import { CHANNELS, changeFeedFor } from '../../db/change-feed';
import type { Database } from '../../db/client';
import { intentions, type IntentionRow } from '../../db/schema';
import { intentionNotFound } from './policy';

/** The process's own write: caches of the user's figures (insights) forget them now, not on the announcement. */
function intentionsChanged(db: Database, userId: number): void {
  changeFeedFor(db).dispatch(CHANNELS.dreams, `intentions:${userId}`);
}

export async function createIntention(
  db: Database,
  userId: number,
  input: { text: string; date: Date },
): Promise<IntentionRow> {
  const rows = await db.insert(intentions).values({ userId, text: input.text, date: input.date }).returning();
  const row = rows[0];
  if (!row) throw new Error('insert returned no row');
  intentionsChanged(db, userId);
  return row;
}

export async function previousIntentions(db: Database, userId: number, limit: number): Promise<IntentionRow[]> {
  return db
    .select()
    .from(intentions)
    .where(eq(intentions.userId, userId))
    .orderBy(desc(intentions.date), desc(intentions.id))
    .limit(limit);
}

/** Changes an intention the route loaded through the policy (loadIntention(…, 'change')). */
export async function updateIntention(
  db: Database,
  current: IntentionRow,
  input: { notes?: string | null; outcome?: IntentionOutcome },
): Promise<IntentionRow> {
  const changes: Partial<typeof intentions.$inferInsert> = {};
  if (input.notes !== undefined) changes.notes = input.notes === null ? null : input.notes.trim() || null;
  if (input.outcome !== undefined) changes.outcome = input.outcome;
  if (!Object.keys(changes).length) return current;
  const rows = await db.update(intentions).set(changes).where(eq(intentions.id, current.id)).returning();
  const row = rows[0];
  if (!row) throw intentionNotFound(); // deleted since the route loaded it
  intentionsChanged(db, row.userId);
  return row;
}
