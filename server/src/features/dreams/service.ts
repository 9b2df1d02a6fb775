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

/** Home and Journal load this on every visit: a named prepared statement skips parse and plan. */
function prepareList(db: Database) {
  return db
    .select(dreamColumns)
    .from(dreams)
    .where(eq(dreams.userId, sql.placeholder('userId')))
    .orderBy(desc(dreams.createdAt), desc(dreams.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('dreams_recent');
}
const listStatements = new WeakMap<Database, ReturnType<typeof prepareList>>();

export async function listDreams(db: Database, userId: number, limit: number, offset = 0): Promise<StoredDream[]> {
  let statement = listStatements.get(db);
  if (!statement) {
    statement = prepareList(db);
    listStatements.set(db, statement);
  }
  return statement.execute({ userId, limit, offset });
}

/** Ranking every match costs too much for a large journal; rank the most recent matches. */
const SEARCH_CANDIDATES = 200;
/**
 * Common words match thousands of dreams, and intersecting their GIN posting lists across every
 * user costs more than reading this user's newest dreams directly. So the newest dreams are read
 * first (btree, newest first); only a rarer query that finds too few there uses the GIN index.
 */
const RECENT_WINDOW = 2000;

type SearchRow = {
  id: number;
  user_id: number;
  title: string;
  narrative: string;
  date: Date | null;
  time_period: string | null;
  tags: string[];
  intention_id: number | null;
  created_at: Date;
  rank: number;
  snippet: string;
};

/** Ids of the user's matching dreams, newest first, and how many matched (exact or a lower bound). */
async function searchCandidates(
  db: Database,
  userId: number,
  q: string,
  candidates: number,
): Promise<{ ids: number[]; total: number }> {
  const recent = await db.execute<{ scanned: number; ids: number[] }>(sql`
    with query as (select websearch_to_tsquery('english', ${q}) as tsq),
    recent as (
      select d.id, d.created_at, d.search_vector from dreams d
      where d.user_id = ${userId}
      order by d.created_at desc, d.id desc
      limit ${RECENT_WINDOW}
    )
    select (select count(*) from recent)::int as scanned,
      coalesce((select array_agg(r.id order by r.created_at desc, r.id desc)
        from recent r, query where r.search_vector @@ query.tsq), '{}'::int[]) as ids`);
  const row = recent.rows[0];
  const ids = row?.ids ?? [];
  // Enough matches among the newest dreams, or the window covered the whole journal.
  if (ids.length >= candidates || (row?.scanned ?? 0) < RECENT_WINDOW) {
    return { ids: ids.slice(0, candidates), total: ids.length };
  }
  const all = await db.execute<{ id: number; total: number }>(sql`
    with query as (select websearch_to_tsquery('english', ${q}) as tsq)
    select d.id, count(*) over ()::int as total from dreams d, query
    where d.user_id = ${userId} and d.search_vector @@ query.tsq
    order by d.created_at desc, d.id desc
    limit ${candidates}`);
  return { ids: all.rows.map((r) => r.id), total: all.rows[0]?.total ?? 0 };
}

/**
 * Full-text search over title, tags and narrative (generated tsvector, GIN index, and the btree
 * on (user, created) for common words). The most recent matches (at least 200, more when paging
 * deeper) are ranked with ts_rank_cd, and only the returned page gets a highlighted snippet.
 * `total` is exact for a journal of up to 2,000 dreams or a rarer query, and otherwise counts the
 * matches among the newest 2,000 dreams. Matches are marked with control characters, never HTML.
 */
export async function searchDreams(
  db: Database,
  userId: number,
  q: string,
  limit: number,
  offset: number,
): Promise<{ results: Array<{ dream: StoredDream; rank: number; snippet: string }>; total: number }> {
  const { ids, total } = await searchCandidates(db, userId, q, Math.max(SEARCH_CANDIDATES, offset + limit));
  if (!ids.length) return { results: [], total };
  const headline = `StartSel=${SNIPPET_START}, StopSel=${SNIPPET_STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;
  const result = await db.execute<SearchRow>(sql`
    with query as (select websearch_to_tsquery('english', ${q}) as tsq),
    ranked as (
      select d.id, d.created_at, ts_rank_cd(d.search_vector, query.tsq) as rank
      from dreams d, query
      where d.id = any(${`{${ids.join(',')}}`}::int[]) and d.user_id = ${userId}
      order by rank desc, d.created_at desc, d.id desc
      limit ${limit} offset ${offset}
    )
    select d.id, d.user_id, d.title, d.narrative, d.date, d.time_period, d.tags, d.intention_id, d.created_at,
      r.rank, ts_headline('english', d.narrative, query.tsq, ${headline}) as snippet
    from ranked r join dreams d on d.id = r.id, query
    order by r.rank desc, r.created_at desc, r.id desc`);
  const rows = result.rows;
  return {
    total,
    results: rows.map((r) => ({
      dream: {
        id: r.id,
        userId: r.user_id,
        title: r.title,
        narrative: r.narrative,
        date: r.date ? new Date(r.date) : null,
        timePeriod: r.time_period,
        tags: r.tags,
        intentionId: r.intention_id,
        createdAt: new Date(r.created_at),
      },
      rank: Number(r.rank),
      snippet: r.snippet,
    })),
  };
}
