import { and, desc, eq } from 'drizzle-orm';
import type { IntentionOutcome } from '@common/schemas/intentions';
import type { Database } from '../../db/client';
import { intentions, type IntentionRow } from '../../db/schema';
import { notFound } from '../../lib/http-error';

export const INTENTION_NOT_FOUND = 'Intention not found';

export async function createIntention(
  db: Database,
  userId: number,
  input: { text: string; date: Date },
): Promise<IntentionRow> {
  const rows = await db.insert(intentions).values({ userId, text: input.text, date: input.date }).returning();
  const row = rows[0];
  if (!row) throw new Error('insert returned no row');
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

export async function getIntention(db: Database, userId: number, id: number): Promise<IntentionRow> {
  const rows = await db
    .select()
    .from(intentions)
    .where(and(eq(intentions.id, id), eq(intentions.userId, userId)))
    .limit(1);
  const row = rows[0];
  if (!row) throw notFound(INTENTION_NOT_FOUND);
  return row;
}

export async function updateIntention(
  db: Database,
  userId: number,
  id: number,
  input: { notes?: string | null; outcome?: IntentionOutcome },
): Promise<IntentionRow> {
  const changes: Partial<typeof intentions.$inferInsert> = {};
  if (input.notes !== undefined) changes.notes = input.notes === null ? null : input.notes.trim() || null;
  if (input.outcome !== undefined) changes.outcome = input.outcome;
  if (!Object.keys(changes).length) return getIntention(db, userId, id);
  const rows = await db
    .update(intentions)
    .set(changes)
    .where(and(eq(intentions.id, id), eq(intentions.userId, userId)))
    .returning();
  const row = rows[0];
  if (!row) throw notFound(INTENTION_NOT_FOUND);
  return row;
}
