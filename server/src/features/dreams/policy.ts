import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dreams } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { storedDreamColumns, type StoredDream } from './presenter';

/**
 * Who may do what with a dream (docs/decisions/0007). Today a dream is its owner's alone; sharing
 * will add readers here, and nowhere else. A dream the user may not see answers 404 like a missing
 * one, so the ids of other people's dreams are never confirmed.
 */
export const DREAM_NOT_FOUND = 'Dream not found';

export type DreamAction = 'read' | 'change' | 'delete';

/** The part of the signed-in user a rule looks at. */
export interface Actor {
  id: number;
}

export function mayOnDream(actor: Actor, dream: Pick<StoredDream, 'userId'>, _action: DreamAction): boolean {
  return dream.userId === actor.id;
}

export const dreamNotFound = () => notFound(DREAM_NOT_FOUND);

/** The dream, when it exists and the user may do `action` with it; otherwise a 404. */
export async function loadDream(
  db: Database,
  actor: Actor,
  dreamId: number,
  action: DreamAction = 'read',
): Promise<StoredDream> {
  const [dream] = await db.select(storedDreamColumns).from(dreams).where(eq(dreams.id, dreamId)).limit(1);
  if (!dream || !mayOnDream(actor, dream, action)) throw dreamNotFound();
  return dream;
}
