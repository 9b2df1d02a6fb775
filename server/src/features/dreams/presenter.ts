import { getTableColumns } from 'drizzle-orm';
import type { Dream } from '@common/schemas/dreams';
import { dreams, type DreamRow } from '../../db/schema';

/** A dream as the service reads it (every column but the search vector and the sort key). */
export type StoredDream = Omit<DreamRow, 'searchVector' | 'sortAt'>;

/** The columns of a StoredDream: the search vector and sort key never leave the database. */
const { searchVector: _searchVector, sortAt: _sortAt, ...columns } = getTableColumns(dreams);
export const storedDreamColumns = columns;

export function presentDream(row: StoredDream): Dream {
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
    updatedAt: row.updatedAt.toISOString(),
  };
}
