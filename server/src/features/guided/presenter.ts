import type { GuidedContent } from '@common/schemas/guided';
import type { guidedContent } from '../../db/schema';

export type GuidedRow = typeof guidedContent.$inferSelect;

export function presentGuided(row: GuidedRow): GuidedContent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    content: row.content,
    contentType: row.contentType as GuidedContent['contentType'],
    difficulty: row.difficulty as GuidedContent['difficulty'],
    duration: row.duration,
    isPremium: row.isPremium,
    isFeatured: row.isFeatured,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
  };
}
