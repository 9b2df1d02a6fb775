import type { Database } from '../../db/client';
import { loadDream, type Actor } from '../dreams/policy';
import type { StoredDream } from '../dreams/presenter';

/**
 * Who may do what with readings (docs/decisions/0007): a reading belongs to its dream, so reading
 * them needs the right to read the dream and writing a new one the right to change it. A dream the
 * user may not see answers 404.
 */
export type ReadingAction = 'read' | 'generate';

export function loadDreamForReadings(
  db: Database,
  actor: Actor,
  dreamId: number,
  action: ReadingAction,
): Promise<StoredDream> {
  return loadDream(db, actor, dreamId, action === 'read' ? 'read' : 'change');
}
