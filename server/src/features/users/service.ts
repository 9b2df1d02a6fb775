import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { MSG } from '@common/messages';
import type { Database } from '../../db/client';
import { sessions, users, type UserRow } from '../../db/schema';
import { userChanged } from '../../auth/sessions';
import { conflict, forbidden, pgErrorCode } from '../../lib/http-error';
import { hashPassword } from '../../lib/password';

export async function findUserByUsername(db: Database, username: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return rows[0];
}

async function assertAvailable(db: Database, username: string, email: string): Promise<void> {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username}) or lower(${users.email}) = lower(${email})`)
    .limit(2);
  if (rows.some((r) => r.username.toLowerCase() === username.toLowerCase())) throw conflict(MSG.usernameTaken);
  if (rows.length) throw conflict(MSG.emailTaken);
}

/**
 * Creates an account. The first account on a fresh database becomes the super admin; an
 * advisory lock makes "first" well-defined when registrations race.
 */
export async function createUser(
  db: Database,
  input: { username: string; email: string; password: string },
): Promise<UserRow> {
  await assertAvailable(db, input.username, input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7310001)`);
      const existing = await tx.select({ id: users.id }).from(users).limit(1);
      const first = existing.length === 0;
      const inserted = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          password: passwordHash,
          isAdmin: first,
          isSuperAdmin: first,
        })
        .returning();
      const user = inserted[0];
      if (!user) throw new Error('insert returned no row');
      return user;
    });
  } catch (err) {
    const { code, constraint } = pgErrorCode(err);
    if (code === '23505' && constraint === 'users_username_lower_idx') throw conflict(MSG.usernameTaken);
    if (code === '23505' && constraint === 'users_email_lower_idx') throw conflict(MSG.emailTaken);
    throw err;
  }
}

/** Sets a new password; with endSessions, every session of the user ends (they sign in again everywhere). */
export async function setPassword(
  db: Database,
  userId: number,
  password: string,
  options: { endSessions?: boolean } = {},
): Promise<void> {
  const hashed = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password: hashed }).where(eq(users.id, userId));
    if (options.endSessions) await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}

export const SUPER_ADMIN_NOT_DEMOTABLE = MSG.superAdminNotDemotable;

/**
 * Grants admin rights. With superAdmin, the super admin role moves to this user (there is only ever
 * one super admin; the previous one stays an admin).
 */
export async function promoteUser(db: Database, userId: number, options: { superAdmin?: boolean } = {}): Promise<void> {
  if (!options.superAdmin) {
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, userId));
    return;
  }
  await db.transaction(async (tx) => {
    await tx.update(users).set({ isSuperAdmin: false }).where(eq(users.isSuperAdmin, true));
    await tx.update(users).set({ isAdmin: true, isSuperAdmin: true }).where(eq(users.id, userId));
  });
}

/** Removes admin rights; the super admin cannot be demoted (403). */
export async function demoteUser(db: Database, user: Pick<UserRow, 'id' | 'isSuperAdmin'>): Promise<void> {
  if (user.isSuperAdmin) throw forbidden(SUPER_ADMIN_NOT_DEMOTABLE);
  await db.update(users).set({ isAdmin: false }).where(eq(users.id, user.id));
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * Changes an account's username, email or admin flag (the admin policy decided the change may be
 * made). A taken username or email is 409.
 */
export async function updateAccount(
  db: Database,
  userId: number,
  changes: { username?: string; email?: string; isAdmin?: boolean },
): Promise<UserRow | undefined> {
  try {
    if (changes.username !== undefined || changes.email !== undefined) {
      const clash = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(
          sql`${users.id} <> ${userId} and (lower(${users.username}) = lower(${changes.username ?? ''}) or lower(${users.email}) = lower(${changes.email ?? ''}))`,
        )
        .limit(2);
      if (clash.some((r) => r.username.toLowerCase() === changes.username?.toLowerCase())) {
        throw conflict(MSG.usernameTaken);
      }
      if (clash.length) throw conflict(MSG.emailTaken);
    }
    if (!Object.keys(changes).length) return await findUserById(db, userId);
    const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
    userChanged(db, userId);
    return row;
  } catch (err) {
    const { code, constraint } = pgErrorCode(err);
    if (code === '23505' && constraint === 'users_username_lower_idx') throw conflict(MSG.usernameTaken);
    if (code === '23505' && constraint === 'users_email_lower_idx') throw conflict(MSG.emailTaken);
    throw err;
  }
}

/**
 * Deletes an account and everything of it — dreams, intentions, readings, shared dreams, likes,
 * comments, reports, sessions — in one transaction: one statement, whose foreign keys cascade from
 * users, so it happens whole or not at all. The super admin is never deleted here, whoever asks: the
 * statement itself excludes it.
 */
export async function deleteAccount(db: Database, userId: number): Promise<boolean> {
  const rows = await db
    .delete(users)
    .where(and(eq(users.id, userId), eq(users.isSuperAdmin, false)))
    .returning({ id: users.id });
  userChanged(db, userId);
  return rows.length > 0;
}

/** Accounts, newest first, optionally those whose username or email contains `q`; one page. */
export async function listAccounts(
  db: Database,
  options: { q?: string; page: number; limit: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const pattern = options.q ? `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = pattern ? or(ilike(users.username, pattern), ilike(users.email, pattern)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
