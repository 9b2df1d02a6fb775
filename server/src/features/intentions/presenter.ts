import type { Intention } from '@common/schemas/intentions';
import type { IntentionRow } from '../../db/schema';

export function presentIntention(row: IntentionRow): Intention {
  return {
    id: row.id,
    userId: row.userId,
    text: row.text,
    date: row.date.toISOString(),
    completed: row.completed,
    outcome: row.outcome,
    dreamId: row.dreamId,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}
