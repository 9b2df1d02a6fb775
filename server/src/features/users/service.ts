import { eq, sql } from 'drizzle-orm';
import { MSG } from '@common/messages';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { conflict, pgErrorCode } from '../../lib/http-error';
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

export async function setPassword(db: Database, userId: number, password: string): Promise<void> {
  await db
    .update(users)
    .set({ password: await hashPassword(password) })
    .where(eq(users.id, userId));
}
