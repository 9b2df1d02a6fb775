import { and, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { MSG } from '@common/messages';
import { COMMUNITY } from '@common/limits';
import type { ModerationAction, ReportedItem } from '@common/schemas/admin';
import type { CommentItem, FeedItem, FeedResponse, LikeResult, SharedStatus } from '@common/schemas/social';
import type { Database } from '../../db/client';
import { dreamComments, dreamLikes, reports, sharedDreams, users } from '../../db/schema';
import { conflict, pgErrorCode } from '../../lib/http-error';
import { socialChanged, socialFeedCacheFor, type ReaderState } from './feed-cache';
import {
  commentNotFound,
  readableCondition,
  readsPublicFeed,
  sharedDreamNotFound,
  type Actor,
  type Viewer,
} from './policy';
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
    socialChanged(db, `share:${actor.id}`);
    const item = await feedItem(db, actor, row.id);
    if (!item) throw sharedDreamNotFound();
    return item;
  } catch (err) {
    const { code, constraint } = pgErrorCode(err);
    if (code === '23505' && constraint === 'shared_dreams_dream_idx') throw conflict(MSG.alreadyShared);
    throw err;
  }
}

export async function deleteSharedDream(db: Database, item: { id: number; userId: number }): Promise<void> {
  await db.delete(sharedDreams).where(eq(sharedDreams.id, item.id));
  socialChanged(db, `share:${item.userId}`);
}

/**
 * A user's dreams were deleted by another feature (their shares go with them, by the foreign key):
 * the feed forgets its pages now rather than when the trigger's announcement arrives.
 */
export function userSharesChanged(db: Database, userId: number): void {
  socialChanged(db, `share:${userId}`);
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

type PageOptions = { page: number; limit: number; mine?: boolean };

/**
 * One page of the feed's rows as the viewer may read them, newest first, and the number of readable
 * shares; `mine` keeps the viewer's own shares (My Shared Dreams). The page and the count come in one
 * statement (the count is an uncorrelated subquery, run once); only a page past the end needs a
 * second query for the count.
 */
async function feedRows(
  db: Database,
  viewer: Viewer,
  options: PageOptions,
): Promise<{ rows: FeedRow[]; total: number }> {
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
  return { rows: rows as FeedRow[], total: Number(n) };
}

function feedResponse(viewer: Viewer, options: PageOptions, rows: FeedRow[], total: number): FeedResponse {
  return {
    sharedDreams: rows.map((row) => presentFeedItem(viewer, row)),
    totalPages: Math.max(1, Math.ceil(total / options.limit)),
    page: options.page,
    total,
  };
}

/** One page of the feed read from the database (My Shared Dreams, admins, readers with hidden items). */
export async function feedPage(db: Database, viewer: Viewer, options: PageOptions): Promise<FeedResponse> {
  const { rows, total } = await feedRows(db, viewer, options);
  return feedResponse(viewer, options, rows, total);
}

/** The reader's likes and whether they have a hidden share or comment, in one statement. */
async function readerState(db: Database, userId: number): Promise<ReaderState> {
  const result = await db.execute<{ liked: number[]; hidden: boolean }>(sql`select
    coalesce((select array_agg(${dreamLikes.sharedDreamId}) from ${dreamLikes} where ${dreamLikes.userId} = ${userId}), '{}') as liked,
    exists (select 1 from ${sharedDreams} where ${sharedDreams.userId} = ${userId} and ${sharedDreams.isHidden})
      or exists (select 1 from ${dreamComments} where ${dreamComments.userId} = ${userId} and ${dreamComments.isHidden}) as hidden`);
  const row = result.rows[0];
  return { liked: new Set((row?.liked ?? []).map(Number)), hasHiddenItems: Boolean(row?.hidden) };
}

/**
 * The answer for GET /api/social/dream-feed: either bytes ready to send, or the response (with
 * keepBody when its serialisation may be kept for the next reader).
 */
export type CommunityFeedAnswer = { body: Buffer } | { response: FeedResponse; keepBody?: (body: Buffer) => void };

/**
 * The community feed (All Dreams). Readers whose feed is the public one (policy: readsPublicFeed) are
 * answered from the per-process cache (feed-cache.ts): the public page with its counts, overlaid with
 * the reader's own likes, their own anonymous posters and their ownership by the presenter. A reader
 * who posted and liked nothing on the page gets the visitor's answer, serialised once. Admins and
 * readers with hidden items of their own read the database.
 */
export async function communityFeed(db: Database, viewer: Viewer, options: PageOptions): Promise<CommunityFeedAnswer> {
  const cache = socialFeedCacheFor(db);
  // Admins first: their feed is never the public one, so their likes need not be read.
  if (!readsPublicFeed(viewer, false)) return { response: await feedPage(db, viewer, options) };
  const reader = viewer ? await cache.reader(viewer.id, () => readerState(db, viewer.id)) : null;
  if (reader && !readsPublicFeed(viewer, reader.hasHiddenItems))
    return { response: await feedPage(db, viewer, options) };
  const { page, keepBody } = await cache.page(options.page, options.limit, () =>
    feedRows(db, null, { page: options.page, limit: options.limit }),
  );
  const neutral = !viewer || page.rows.every((row) => row.userId !== viewer.id && !reader?.liked.has(row.id));
  if (neutral && page.body) return { body: page.body };
  const rows = neutral
    ? page.rows
    : page.rows.map((row) => ({ ...row, userHasLiked: Boolean(reader?.liked.has(row.id)) }));
  const response = feedResponse(viewer, options, rows, page.total);
  return neutral ? { response, keepBody } : { response };
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
  const result = await db.transaction(async (tx) => {
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
  socialChanged(db, `like:${sharedDreamId}:${actor.id}`);
  return result;
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
  socialChanged(db, `comment:${sharedDreamId}:${actor.id}`);
  const [row] = await commentSelect(db).where(eq(dreamComments.id, inserted.id)).limit(1);
  if (!row) throw commentNotFound();
  return presentComment(actor, row);
}

export async function deleteComment(
  db: Database,
  comment: { id: number; sharedDreamId: number; userId: number },
): Promise<void> {
  await db.delete(dreamComments).where(eq(dreamComments.id, comment.id));
  socialChanged(db, `comment:${comment.sharedDreamId}:${comment.userId}`);
}

type ReportTarget = { kind: 'dream'; id: number } | { kind: 'comment'; id: number };

/** What a change to the item is announced as (the triggers of migration 0015 say the same). */
function itemChanged(db: Database, target: ReportTarget, row: { userId: number; sharedDreamId: number }): void {
  socialChanged(db, target.kind === 'dream' ? `share:${row.userId}` : `comment:${row.sharedDreamId}:${row.userId}`);
}

/** The columns itemChanged needs, as an update returns them. */
function changedColumns(target: ReportTarget) {
  return target.kind === 'dream'
    ? { userId: sql<number>`${sharedDreams.userId}`, sharedDreamId: sql<number>`${sharedDreams.id}` }
    : { userId: sql<number>`${dreamComments.userId}`, sharedDreamId: sql<number>`${dreamComments.sharedDreamId}` };
}

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
    const result = await db.transaction(async (tx) => {
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
        .returning({ isHidden: table.isHidden, ...changedColumns(target) });
      return { hidden: Boolean(row?.isHidden), row };
    });
    if (result.row) itemChanged(db, target, result.row);
    return { hidden: result.hidden };
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
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(table)
      .set(action === 'hide' ? { isHidden: true, isReported: false } : { isHidden: false, isReported: false })
      .where(eq(table.id, target.id))
      .returning(changedColumns(target));
    if (!row) throw target.kind === 'dream' ? sharedDreamNotFound() : commentNotFound();
    await tx
      .update(reports)
      .set({ status })
      .where(and(reportsOf(target), eq(reports.status, 'open')));
    return row;
  });
  itemChanged(db, target, changed);
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
