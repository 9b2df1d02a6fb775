import { and, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { MSG } from '@common/messages';
import { COMMUNITY } from '@common/limits';
import type { ModerationAction, ReportedItem } from '@common/schemas/admin';
import type { CommentItem, FeedItem, FeedResponse, LikeResult, SharedStatus } from '@common/schemas/social';
import type { Database } from '../../db/client';
import { dreamComments, dreamLikes, reports, sharedDreams, users } from '../../db/schema';
import { conflict, pgErrorCode } from '../../lib/http-error';
import { commentNotFound, readableCondition, sharedDreamNotFound, type Actor, type Viewer } from './policy';
import { posterColumns, presentComment, presentFeedItem, type FeedRow } from './presenter';

export async function sharedStatus(db: Database, dreamId: number): Promise<SharedStatus> {
  const [row] = await db
    .select({ id: sharedDreams.id })
    .from(sharedDreams)
    .where(eq(sharedDreams.dreamId, dreamId))
    .limit(1);
  return { isShared: Boolean(row), sharedDreamId: row?.id ?? null };
}

export interface ShareInput {
  title: string;
  content: string;
  interpretation: string | null;
  tags: string[];
  isAnonymous: boolean;
}

/** Shares a dream the route loaded through the dreams policy (the user's own). One share per dream. */
export async function shareDream(db: Database, actor: Actor, dreamId: number, input: ShareInput): Promise<FeedItem> {
  try {
    const [row] = await db
      .insert(sharedDreams)
      .values({ dreamId, userId: actor.id, ...input })
      .returning({ id: sharedDreams.id });
    if (!row) throw new Error('insert returned no row');
    const item = await feedItem(db, actor, row.id);
    if (!item) throw sharedDreamNotFound();
    return item;
  } catch (err) {
    const { code, constraint } = pgErrorCode(err);
    if (code === '23505' && constraint === 'shared_dreams_dream_idx') throw conflict(MSG.alreadyShared);
    throw err;
  }
}

export async function deleteSharedDream(db: Database, id: number): Promise<void> {
  await db.delete(sharedDreams).where(eq(sharedDreams.id, id));
}

/**
 * The feed's rows in one statement: each shared dream with its poster, its like count, the count of
 * comments the viewer may read and whether the viewer liked it (correlated subqueries over the
 * (shared_dream_id) indexes: no query per item).
 */
function feedSelect<Extra extends Record<string, SQL.Aliased | SQL>>(db: Database, viewer: Viewer, extra?: Extra) {
  const commentsReadable = readableCondition(viewer, dreamComments);
  const likedByViewer = viewer
    ? sql<boolean>`exists (select 1 from ${dreamLikes} where ${dreamLikes.sharedDreamId} = ${sharedDreams.id} and ${dreamLikes.userId} = ${viewer.id})`
    : sql<boolean>`false`;
  const { dreamId: _dreamId, isReported: _isReported, ...dreamColumns } = getTableColumns(sharedDreams);
  return db
    .select({
      ...dreamColumns,
      ...posterColumns,
      likeCount: sql<number>`(select count(*) from ${dreamLikes} where ${dreamLikes.sharedDreamId} = ${sharedDreams.id})`,
      commentCount: sql<number>`(select count(*) from ${dreamComments} where ${dreamComments.sharedDreamId} = ${sharedDreams.id}${
        commentsReadable ? sql` and ${commentsReadable}` : sql``
      })`,
      userHasLiked: likedByViewer,
      ...(extra as Extra),
    })
    .from(sharedDreams)
    .innerJoin(users, eq(users.id, sharedDreams.userId));
}

/**
 * One page of the feed, newest first; `mine` keeps the viewer's own shares (My Shared Dreams). The
 * page and the number of readable shares come in one statement (the count is an uncorrelated subquery,
 * run once); only a page past the end needs a second query for the count.
 */
export async function feedPage(
  db: Database,
  viewer: Viewer,
  options: { page: number; limit: number; mine?: boolean },
): Promise<FeedResponse> {
  const conditions: (SQL | undefined)[] = [readableCondition(viewer, sharedDreams)];
  if (options.mine && viewer) conditions.push(eq(sharedDreams.userId, viewer.id));
  const where = and(...conditions);
  const order = [desc(sharedDreams.createdAt), desc(sharedDreams.id)];
  // The page's ids first (an index scan that stops after it), so the counts are computed for its rows
  // only, not for every row an offset skips.
  const pageIds = db
    .select({ id: sharedDreams.id })
    .from(sharedDreams)
    .where(where)
    .orderBy(...order)
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  const rows = await feedSelect(db, viewer, {
    total: sql<number>`(select count(*) from ${sharedDreams} where ${where ?? sql`true`})`,
  })
    .where(inArray(sharedDreams.id, pageIds))
    .orderBy(...order);
  let n = rows[0]?.total;
  if (n === undefined) {
    const [counted] = await db.select({ n: count() }).from(sharedDreams).where(where);
    n = counted?.n ?? 0;
  }
  const total = Number(n);
  return {
    sharedDreams: rows.map((row) => presentFeedItem(viewer, row as FeedRow)),
    totalPages: Math.max(1, Math.ceil(total / options.limit)),
    page: options.page,
    total,
  };
}

/** One shared dream as a feed item, or undefined when it is missing or the viewer may not read it. */
export async function feedItem(db: Database, viewer: Viewer, id: number): Promise<FeedItem | undefined> {
  const [row] = await feedSelect(db, viewer)
    .where(and(eq(sharedDreams.id, id), readableCondition(viewer, sharedDreams)))
    .limit(1);
  return row ? presentFeedItem(viewer, row as FeedRow) : undefined;
}

/**
 * Sets or toggles the actor's like. Likes of one user on one dream are serialised by a transaction
 * lock, so concurrent toggles each see the previous one's result; the composite key keeps one row.
 */
export async function setLike(
  db: Database,
  actor: Actor,
  sharedDreamId: number,
  wanted: boolean | undefined,
): Promise<LikeResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${actor.id}::int, ${sharedDreamId}::int)`);
    const mine = and(eq(dreamLikes.userId, actor.id), eq(dreamLikes.sharedDreamId, sharedDreamId));
    const [existing] = await tx.select({ userId: dreamLikes.userId }).from(dreamLikes).where(mine).limit(1);
    const liked = wanted ?? !existing;
    if (liked && !existing) {
      await tx.insert(dreamLikes).values({ userId: actor.id, sharedDreamId }).onConflictDoNothing();
    } else if (!liked && existing) {
      await tx.delete(dreamLikes).where(mine);
    }
    const [counted] = await tx
      .select({ n: count() })
      .from(dreamLikes)
      .where(eq(dreamLikes.sharedDreamId, sharedDreamId));
    return { liked, likeCount: counted?.n ?? 0 };
  });
}

function commentSelect(db: Database) {
  return db
    .select({ ...getTableColumns(dreamComments), ...posterColumns })
    .from(dreamComments)
    .innerJoin(users, eq(users.id, dreamComments.userId));
}

/** The comments the viewer may read, oldest first. */
export async function listComments(db: Database, viewer: Viewer, sharedDreamId: number): Promise<CommentItem[]> {
  const rows = await commentSelect(db)
    .where(and(eq(dreamComments.sharedDreamId, sharedDreamId), readableCondition(viewer, dreamComments)))
    .orderBy(dreamComments.createdAt, dreamComments.id);
  return rows.map((row) => presentComment(viewer, row));
}

export async function addComment(
  db: Database,
  actor: Actor,
  sharedDreamId: number,
  input: { content: string; isAnonymous: boolean },
): Promise<CommentItem> {
  const [inserted] = await db
    .insert(dreamComments)
    .values({ sharedDreamId, userId: actor.id, content: input.content, isAnonymous: input.isAnonymous })
    .returning({ id: dreamComments.id });
  if (!inserted) throw new Error('insert returned no row');
  const [row] = await commentSelect(db).where(eq(dreamComments.id, inserted.id)).limit(1);
  if (!row) throw commentNotFound();
  return presentComment(actor, row);
}

export async function deleteComment(db: Database, id: number): Promise<void> {
  await db.delete(dreamComments).where(eq(dreamComments.id, id));
}

type ReportTarget = { kind: 'dream'; id: number } | { kind: 'comment'; id: number };

function reportsOf(target: ReportTarget) {
  return target.kind === 'dream' ? eq(reports.sharedDreamId, target.id) : eq(reports.commentId, target.id);
}

/**
 * Records the actor's report (once per user per item: a repeat is 409), marks the item reported and
 * hides it once COMMUNITY.autoHideReports different users have open reports on it. The item's row is
 * locked so concurrent reports count each other.
 */
export async function report(db: Database, actor: Actor, target: ReportTarget): Promise<{ hidden: boolean }> {
  const table = target.kind === 'dream' ? sharedDreams : dreamComments;
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: table.id }).from(table).where(eq(table.id, target.id)).for('update');
      await tx.insert(reports).values({
        reporterId: actor.id,
        sharedDreamId: target.kind === 'dream' ? target.id : null,
        commentId: target.kind === 'comment' ? target.id : null,
      });
      const [open] = await tx
        .select({ n: count() })
        .from(reports)
        .where(and(reportsOf(target), eq(reports.status, 'open')));
      const hide = (open?.n ?? 0) >= COMMUNITY.autoHideReports;
      const [row] = await tx
        .update(table)
        .set(hide ? { isReported: true, isHidden: true } : { isReported: true })
        .where(eq(table.id, target.id))
        .returning({ isHidden: table.isHidden });
      return { hidden: Boolean(row?.isHidden) };
    });
  } catch (err) {
    const { code } = pgErrorCode(err);
    if (code === '23505')
      throw conflict(target.kind === 'dream' ? MSG.alreadyReportedDream : MSG.alreadyReportedComment);
    throw err;
  }
}

/**
 * An admin's decision on a reported item: hide it (reports closed, hidden for everyone but its author
 * and admins), restore it or dismiss the reports (visible again, open reports closed). Each is 404 for
 * a missing item.
 */
export async function moderate(db: Database, target: ReportTarget, action: ModerationAction): Promise<void> {
  const table = target.kind === 'dream' ? sharedDreams : dreamComments;
  const status = action === 'hide' ? 'hidden' : action === 'restore' ? 'restored' : 'dismissed';
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(table)
      .set(action === 'hide' ? { isHidden: true, isReported: false } : { isHidden: false, isReported: false })
      .where(eq(table.id, target.id))
      .returning({ id: table.id });
    if (!row) throw target.kind === 'dream' ? sharedDreamNotFound() : commentNotFound();
    await tx
      .update(reports)
      .set({ status })
      .where(and(reportsOf(target), eq(reports.status, 'open')));
  });
}

const EXCERPT = COMMUNITY.cardTruncate;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text);

/** What the Moderation tab lists: every reported or hidden dream and comment, most recently reported first. */
export async function reportedItems(db: Database): Promise<ReportedItem[]> {
  const openCount = (
    column: typeof reports.sharedDreamId | typeof reports.commentId,
    id: SQL | typeof sharedDreams.id,
  ) => sql<number>`(select count(*) from ${reports} where ${column} = ${id} and ${reports.status} = 'open')`;
  const lastAt = (column: typeof reports.sharedDreamId | typeof reports.commentId, id: SQL | typeof sharedDreams.id) =>
    sql<Date | null>`(select max(${reports.createdAt}) from ${reports} where ${column} = ${id})`;
  const dreamRows = await db
    .select({
      id: sharedDreams.id,
      sharedDreamId: sharedDreams.id,
      title: sharedDreams.title,
      content: sharedDreams.content,
      isAnonymous: sharedDreams.isAnonymous,
      isHidden: sharedDreams.isHidden,
      author: users.username,
      openReports: openCount(reports.sharedDreamId, sharedDreams.id),
      lastReportedAt: lastAt(reports.sharedDreamId, sharedDreams.id),
    })
    .from(sharedDreams)
    .innerJoin(users, eq(users.id, sharedDreams.userId))
    .where(sql`${sharedDreams.isReported} or ${sharedDreams.isHidden}`);
  const commentRows = await db
    .select({
      id: dreamComments.id,
      sharedDreamId: dreamComments.sharedDreamId,
      title: sharedDreams.title,
      content: dreamComments.content,
      isAnonymous: dreamComments.isAnonymous,
      isHidden: dreamComments.isHidden,
      author: users.username,
      openReports: openCount(reports.commentId, sql`${dreamComments.id}`),
      lastReportedAt: lastAt(reports.commentId, sql`${dreamComments.id}`),
    })
    .from(dreamComments)
    .innerJoin(users, eq(users.id, dreamComments.userId))
    .innerJoin(sharedDreams, eq(sharedDreams.id, dreamComments.sharedDreamId))
    .where(sql`${dreamComments.isReported} or ${dreamComments.isHidden}`);
  type Row = (typeof dreamRows)[number];
  const toItem = (kind: ReportedItem['kind'], r: Row): ReportedItem => ({
    kind,
    id: r.id,
    sharedDreamId: r.sharedDreamId,
    title: r.title,
    excerpt: excerpt(r.content),
    author: r.author,
    isAnonymous: r.isAnonymous,
    isHidden: r.isHidden,
    openReports: Number(r.openReports),
    lastReportedAt: new Date(r.lastReportedAt ?? 0).toISOString(),
  });
  const items = [...dreamRows.map((r) => toItem('dream', r)), ...commentRows.map((r) => toItem('comment', r))];
  return items.sort((a, b) => b.lastReportedAt.localeCompare(a.lastReportedAt));
}
