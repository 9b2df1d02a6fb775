import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { intentions, type IntentionRow } from '../../db/schema';
import { notFound } from '../../lib/http-error';

/**
 * Who may do what with an intention (docs/decisions/0007): its owner alone, for reading, changing
 * and linking it to a dream. Another user's intention answers 404 like a missing one.
 */
export const INTENTION_NOT_FOUND = 'Intention not found';

export type IntentionAction = 'read' | 'change' | 'link';

export interface Actor {
  id: number;
}

export function mayOnIntention(
  actor: Actor,
  intention: Pick<IntentionRow, 'userId'>,
  _action: IntentionAction,
): boolean {
  return intention.userId === actor.id;
}

export const intentionNotFound = () => notFound(INTENTION_NOT_FOUND);

type Reader = Pick<Database, 'select'>;

/** The intention, when it exists and the user may do `action` with it; otherwise a 404. */
export async function loadIntention(
  db: Reader,
  actor: Actor,
  intentionId: number,
  action: IntentionAction = 'read',
): Promise<IntentionRow> {
  const [row] = await db.select().from(intentions).where(eq(intentions.id, intentionId)).limit(1);
  if (!row || !mayOnIntention(actor, row, action)) throw intentionNotFound();
  return row;
}
