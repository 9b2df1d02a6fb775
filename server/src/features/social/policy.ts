import { eq, or, sql, type SQL } from 'drizzle-orm';
import { MSG } from '@common/messages';
import { isAdmin } from '@common/roles';
import type { Database } from '../../db/client';
import { dreamComments, sharedDreams } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';

/**
 * Who may do what in the community (docs/decisions/0007; spec part 2 §6; decisions page: public read,
 * reports and moderation). Every community rule is here and nowhere else:
 * - anyone, signed in or not, reads shared dreams and comments that are not hidden;
 * - a hidden item is seen only by its author and admins; to anyone else it does not exist (404);
 * - an anonymous item shows its poster only to its author and admins;
 * - the author or an admin deletes a shared dream or comment; nobody reports their own item.
 */

/** The reader: null for a signed-out visitor. */
export type Viewer = { id: number; isAdmin: boolean; isSuperAdmin: boolean } | null;
/** A signed-in reader. */
export type Actor = NonNullable<Viewer>;

interface Authored {
  userId: number;
}

export const isAuthor = (viewer: Viewer, item: Authored): boolean => viewer !== null && viewer.id === item.userId;

/** Hidden items exist only for their author and admins. */
export function mayRead(viewer: Viewer, item: Authored & { isHidden: boolean }): boolean {
  return !item.isHidden || isAuthor(viewer, item) || isAdmin(viewer);
}

/** Whether the reader may learn who posted the item (anonymous items: author and admins only). */
export function maySeePoster(viewer: Viewer, item: Authored & { isAnonymous: boolean }): boolean {
  return !item.isAnonymous || isAuthor(viewer, item) || isAdmin(viewer);
}

/** Delete a shared dream or a comment: its author or an admin. */
export function mayDelete(actor: Actor, item: Authored): boolean {
  return isAuthor(actor, item) || isAdmin(actor);
}

/**
 * The SQL form of mayRead for lists, so the feed and comment queries cannot drift from the rule.
 * `table` is shared_dreams or dream_comments (both have user_id and is_hidden).
 */
export function readableCondition(viewer: Viewer, table: typeof sharedDreams | typeof dreamComments): SQL | undefined {
  if (isAdmin(viewer)) return undefined;
  if (!viewer) return eq(table.isHidden, false);
  return or(eq(table.isHidden, false), eq(table.userId, viewer.id));
}

/**
 * Whether the reader's feed is the public one (what a visitor reads), so it may be answered from the
 * public pages with the reader's own likes, posters and ownership laid over them: a visitor, or a
 * signed-in user who is not an admin and has no hidden share or comment (hidden items exist for their
 * author and admins only, so such a reader's pages and counts differ).
 */
export function readsPublicFeed(viewer: Viewer, hasHiddenItems: boolean): boolean {
  return !viewer || (!isAdmin(viewer) && !hasHiddenItems);
}

/** The SQL form of maySeePoster, for the feed query: true when the poster may be shown. */
export function posterVisibleSql(viewer: Viewer, table: typeof sharedDreams | typeof dreamComments): SQL {
  if (isAdmin(viewer)) return sql`true`;
  if (!viewer) return sql`not ${table.isAnonymous}`;
  return sql`(not ${table.isAnonymous} or ${table.userId} = ${viewer.id})`;
}

export const sharedDreamNotFound = () => notFound(MSG.sharedDreamNotFound);
export const commentNotFound = () => notFound(MSG.commentNotFound);

export type ItemAction = 'read' | 'delete' | 'report' | 'comment' | 'like';

/**
 * Applies the rules for `action` on a loaded item: 404 when the reader may not see it (or may not
 * delete it: another user's item is not confirmed to them), 400 for reporting one's own item.
 */
export function authorize(
  viewer: Viewer,
  item: (Authored & { isHidden: boolean }) | undefined,
  action: ItemAction,
  kind: 'dream' | 'comment',
): asserts item {
  const missing = kind === 'dream' ? sharedDreamNotFound : commentNotFound;
  if (!item || !mayRead(viewer, item)) throw missing();
  if (action === 'delete' && (!viewer || !mayDelete(viewer, item))) throw missing();
  if (action === 'report' && isAuthor(viewer, item)) {
    throw badRequest(kind === 'dream' ? MSG.reportOwnDream : MSG.reportOwnComment);
  }
}

type Reader = Pick<Database, 'select'>;

const sharedDreamPolicyColumns = {
  id: sharedDreams.id,
  userId: sharedDreams.userId,
  isHidden: sharedDreams.isHidden,
  isAnonymous: sharedDreams.isAnonymous,
};

/** The shared dream's id and owner, when the viewer may do `action` with it; otherwise 404 (or 400). */
export async function loadSharedDream(db: Reader, viewer: Viewer, id: number, action: ItemAction) {
  const [row] = await db.select(sharedDreamPolicyColumns).from(sharedDreams).where(eq(sharedDreams.id, id)).limit(1);
  authorize(viewer, row, action, 'dream');
  return row;
}

/** The comment's id and author, when the viewer may do `action` with it (its dream must be readable too). */
export async function loadComment(db: Reader, viewer: Viewer, id: number, action: ItemAction) {
  const [row] = await db
    .select({
      id: dreamComments.id,
      userId: dreamComments.userId,
      isHidden: dreamComments.isHidden,
      sharedDreamId: dreamComments.sharedDreamId,
      dreamUserId: sharedDreams.userId,
      dreamHidden: sharedDreams.isHidden,
    })
    .from(dreamComments)
    .innerJoin(sharedDreams, eq(sharedDreams.id, dreamComments.sharedDreamId))
    .where(eq(dreamComments.id, id))
    .limit(1);
  if (row && !mayRead(viewer, { userId: row.dreamUserId, isHidden: row.dreamHidden })) throw commentNotFound();
  authorize(viewer, row, action, 'comment');
  return row;
}
