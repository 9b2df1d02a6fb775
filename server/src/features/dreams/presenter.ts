import type { Dream } from '@common/schemas/dreams';
import type { DreamRow } from '../../db/schema';

export function presentDream(row: Omit<DreamRow, 'searchVector'>): Dream {
  return {
    id: row.id,
    userId: row.userId,
    title: row.title,
    narrative: row.narrative,
    date: row.date ? row.date.toISOString() : null,
    timePeriod: row.timePeriod,
    tags: row.tags,
    intentionId: row.intentionId,
    createdAt: row.createdAt.toISOString(),
  };
}
