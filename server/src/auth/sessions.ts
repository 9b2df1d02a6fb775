import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { SESSION } from '@common/limits';
import type { Database } from '../db/client';
import { sessions, users, type UserRow } from '../db/schema';
import { CHANNELS, changeFeedFor } from '../db/change-feed';
import { perDatabase } from '../db/per-database';
import { SessionCache } from './session-cache';

/** The session cache of one database handle (each app process has one). */
export const sessionCacheFor = perDatabase((db) => new SessionCache(changeFeedFor(db)));

/** Only the SHA-256 of the cookie token is stored: a leaked sessions table opens no account. */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

export async function createSession(db: Database, userId: number): Promise<{ token: string; expires: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + SESSION.lifetimeMs);
  await db.insert(sessions).values({
    sid: hashToken(token),
    userId,
    sess: { userId, createdAt: new Date().toISOString() },
    expire: expires,
  });
  return { token, expires };
}

export interface SessionLookup {
  user: UserRow;
  /** Set when the sliding expiry moved: the cookie must be sent again. */
  renewedUntil: Date | null;
}

/** Every authenticated request runs this lookup: a named prepared statement skips parse and plan. */
function prepareLookup(db: Database) {
  return db
    .select({ user: users, expire: sessions.expire })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql`now()`)))
    .limit(1)
    .prepare('session_lookup');
}
const lookupFor = perDatabase(prepareLookup);

/** The cached user for a session id, unless the sliding expiry is due (then the database must renew it). */
function cachedSessionUser(db: Database, sid: string): UserRow | undefined {
  const cached = sessionCacheFor(db).get(sid);
  if (cached && SESSION.lifetimeMs - (cached.expire.getTime() - Date.now()) < SESSION.renewAfterMs) return cached.user;
  return undefined;
}

/**
 * The session's user from this process's cache, without waiting: undefined when the cache cannot
 * answer (not cached, or the sliding expiry is due) and findSessionUser must ask the database.
 */
export function findCachedSessionUser(db: Database, token: string): UserRow | undefined {
  return cachedSessionUser(db, hashToken(token));
}

export async function findSessionUser(db: Database, token: string): Promise<SessionLookup | null> {
  const sid = hashToken(token);
  const cachedUser = cachedSessionUser(db, sid);
  if (cachedUser) return { user: cachedUser, renewedUntil: null };
  const cache = sessionCacheFor(db);
  const epoch = cache.epoch;
  const lookup = lookupFor(db);
  const rows = await lookup.execute({ sid });
  const row = rows[0];
  if (!row) return null;
  const age = SESSION.lifetimeMs - (row.expire.getTime() - Date.now());
  if (age < SESSION.renewAfterMs) {
    cache.set(sid, row.user, row.expire, epoch);
    return { user: row.user, renewedUntil: null };
  }
  const renewedUntil = new Date(Date.now() + SESSION.lifetimeMs);
  await db.update(sessions).set({ expire: renewedUntil }).where(eq(sessions.sid, sid));
  cache.set(sid, row.user, renewedUntil, epoch);
  return { user: row.user, renewedUntil };
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  const sid = hashToken(token);
  await db.delete(sessions).where(eq(sessions.sid, sid));
  // The trigger announces it to every process; this one forgets it at once.
  sessionCacheFor(db).evictSession(sid);
}

/**
 * The process's own change to a user (profile, avatar, role, deletion): every cache that depends on
 * users hears it now, as it will hear the trigger's announcement (migration 0004) from other processes.
 */
export function userChanged(db: Database, userId: number): void {
  changeFeedFor(db).dispatch(CHANNELS.auth, `user:${userId}`);
}

export async function deleteExpiredSessions(db: Database): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(lt(sessions.expire, sql`now()`))
    .returning({ sid: sessions.sid });
  return removed.length;
}
