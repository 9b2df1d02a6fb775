import { sql } from 'drizzle-orm';
import type { TopTag } from '@common/schemas/analytics';
import type { Database } from '../../db/client';

/** Recurring symbols and motifs across a user's dreams (also read by the guided library's personalisation). */
export { dreamSigns } from './dream-signs';

/**
 * The user's most used tags across their own dreams, most frequent first; a tie goes to the tag
 * used most recently, then alphabetically, so the order is stable.
 */
export async function topTags(db: Database, userId: number, limit: number): Promise<TopTag[]> {
  const result = await db.execute<{ tag: string; count: number }>(sql`
    select t.tag, count(*)::int as count
    from dreams d cross join lateral unnest(d.tags) as t(tag)
    where d.user_id = ${userId}
    group by t.tag
    order by count(*) desc, max(d.created_at) desc, t.tag asc
    limit ${limit}`);
  return result.rows.map((r) => ({ tag: r.tag, count: Number(r.count) }));
}
