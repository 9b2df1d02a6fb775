import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { SNIPPET_START, SNIPPET_STOP } from '@common/schemas/dreams';
import type { Database } from '../../db/client';
import { dreams, intentions, type DreamRow } from '../../db/schema';
import { notFound } from '../../lib/http-error';

/** Every column but the generated search vector, which never leaves the database. */
const { searchVector: _searchVector, ...dreamColumns } = getTableColumns(dreams);
export type StoredDream = Omit<DreamRow, 'searchVector'>;

export interface DreamInput {
  title: string;
  narrative: string;
  date: Date;
  timePeriod?: string | null;
  tags: string[];
  intentionId?: number | null;
}

export const DREAM_NOT_FOUND = 'Dream not found';
export const INTENTION_NOT_FOUND = 'Intention not found';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function assertOwnIntention(tx: Database | Tx, userId: number, intentionId: number): Promise<void> {
  const found = await tx
    .select({ id: intentions.id })
    .from(intentions)
    .where(and(eq(intentions.id, intentionId), eq(intentions.userId, userId)))
    .limit(1);
  if (!found.length) throw notFound(INTENTION_NOT_FOUND);
}

/** Links the intention back to the dream that answered it, unless it already names one. */
async function linkIntention(tx: Tx, userId: number, intentionId: number, dreamId: number): Promise<void> {
  await tx
    .update(intentions)
    .set({ dreamId })
    .where(and(eq(intentions.id, intentionId), eq(intentions.userId, userId), isNull(intentions.dreamId)));
}

export async function createDream(db: Database, userId: number, input: DreamInput): Promise<StoredDream> {
  return db.transaction(async (tx) => {
    if (input.intentionId) await assertOwnIntention(tx, userId, input.intentionId);
    const inserted = await tx
      .insert(dreams)
      .values({
        userId,
        title: input.title,
        narrative: input.narrative,
        date: input.date,
        timePeriod: input.timePeriod ?? null,
        tags: input.tags,
        intentionId: input.intentionId ?? null,
      })
      .returning(dreamColumns);
    const dream = inserted[0];
    if (!dream) throw new Error('insert returned no row');
    if (input.intentionId) await linkIntention(tx, userId, input.intentionId, dream.id);
    return dream;
  });
}

export async function updateDream(
  db: Database,
  userId: number,
  dreamId: number,
  input: Partial<DreamInput>,
): Promise<StoredDream> {
  return db.transaction(async (tx) => {
    if (input.intentionId) await assertOwnIntention(tx, userId, input.intentionId);
    const changes: Partial<typeof dreams.$inferInsert> = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.narrative !== undefined) changes.narrative = input.narrative;
    if (input.date !== undefined) changes.date = input.date;
    if (input.timePeriod !== undefined) changes.timePeriod = input.timePeriod;
    if (input.tags !== undefined) changes.tags = input.tags;
    if (input.intentionId !== undefined) changes.intentionId = input.intentionId;
    const where = and(eq(dreams.id, dreamId), eq(dreams.userId, userId));
    const updated = Object.keys(changes).length
      ? await tx.update(dreams).set(changes).where(where).returning(dreamColumns)
      : await tx.select(dreamColumns).from(dreams).where(where);
    const dream = updated[0];
    if (!dream) throw notFound(DREAM_NOT_FOUND);
    if (input.intentionId) await linkIntention(tx, userId, input.intentionId, dream.id);
    return dream;
  });
}

export async function getDream(db: Database, userId: number, dreamId: number): Promise<StoredDream> {
  const rows = await db
    .select(dreamColumns)
    .from(dreams)
    .where(and(eq(dreams.id, dreamId), eq(dreams.userId, userId)))
    .limit(1);
  const dream = rows[0];
  if (!dream) throw notFound(DREAM_NOT_FOUND);
  return dream;
}

export async function deleteDream(db: Database, userId: number, dreamId: number): Promise<void> {
  const removed = await db
    .delete(dreams)
    .where(and(eq(dreams.id, dreamId), eq(dreams.userId, userId)))
    .returning({ id: dreams.id });
  if (!removed.length) throw notFound(DREAM_NOT_FOUND);
}

export async function listDreams(db: Database, userId: number, limit: number, offset = 0): Promise<StoredDream[]> {
  return db
    .select(dreamColumns)
    .from(dreams)
    .where(eq(dreams.userId, userId))
    .orderBy(desc(dreams.createdAt), desc(dreams.id))
    .limit(limit)
    .offset(offset);
}

/**
 * Full-text search over title, tags and narrative (generated tsvector + GIN index), ranked,
 * with a highlighted snippet. Matches are marked with control characters, never HTML.
 */
export async function searchDreams(
  db: Database,
  userId: number,
  q: string,
  limit: number,
  offset: number,
): Promise<{ results: Array<{ dream: StoredDream; rank: number; snippet: string }>; total: number }> {
  const query = sql`websearch_to_tsquery('english', ${q})`;
  const rows = await db
    .select({
      ...dreamColumns,
      rank: sql<number>`ts_rank_cd(${dreams.searchVector}, ${query})`,
      total: sql<number>`count(*) over ()`,
    })
    .from(dreams)
    .where(and(eq(dreams.userId, userId), sql`${dreams.searchVector} @@ ${query}`))
    .orderBy(sql`ts_rank_cd(${dreams.searchVector}, ${query}) desc`, desc(dreams.createdAt), desc(dreams.id))
    .limit(limit)
    .offset(offset);
  if (!rows.length) return { results: [], total: 0 };
  // Headlines are costly: compute them only for the page being returned.
  const ids = rows.map((r) => r.id);
  const headlines = await db.execute<{ id: number; snippet: string }>(sql`
    select id, ts_headline('english', narrative, ${query},
      ${`StartSel=${SNIPPET_START}, StopSel=${SNIPPET_STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`}) as snippet
    from dreams where id = any(${sql.raw(`array[${ids.map((id) => Number(id)).join(',')}]`)}::int[])`);
  const snippetById = new Map(headlines.rows.map((r) => [r.id, r.snippet]));
  return {
    total: rows[0]?.total ?? 0,
    results: rows.map(({ rank, total: _total, ...dream }) => ({
      dream,
      rank: Number(rank),
      snippet: snippetById.get(dream.id) ?? dream.narrative.slice(0, 200),
    })),
  };
}
