import { and, eq, ne, sql } from 'drizzle-orm';
import { MSG } from '@common/messages';
import type { AvatarBody, ProfileBody } from '@common/schemas/users';
import type { Database } from '../../db/client';
import { sessions, users, type UserRow } from '../../db/schema';
import { hashToken, sessionCacheFor, userChanged } from '../../auth/sessions';
import { badRequest, conflict, pgErrorCode } from '../../lib/http-error';
import { hashPassword, verifyPassword } from '../../lib/password';
import { mayChangeAccount, ownAccount } from './policy';

/** Forgets this process's cached copy of the session at once (other processes hear the trigger). */
function refreshSession(db: Database, sessionToken: string | null) {
  if (sessionToken) sessionCacheFor(db).evictSession(hashToken(sessionToken));
}

/**
 * Username, email and optionally the password, after checking the current password (400 when it is
 * wrong, nothing changed). A taken username or email is 409. A new password ends every other
 * session of the user; the one making the change stays signed in.
 */
export async function updateProfile(
  db: Database,
  user: UserRow,
  sessionToken: string | null,
  input: ProfileBody,
): Promise<UserRow> {
  if (!mayChangeAccount(await verifyPassword(input.currentPassword, user.password))) {
    throw badRequest(MSG.currentPasswordWrong);
  }
  const taken = await db
    .select({ username: users.username })
    .from(users)
    .where(
      and(
        ne(users.id, user.id),
        sql`(lower(${users.username}) = lower(${input.username}) or lower(${users.email}) = lower(${input.email}))`,
      ),
    )
    .limit(2);
  if (taken.some((r) => r.username.toLowerCase() === input.username.toLowerCase())) throw conflict(MSG.usernameTaken);
  if (taken.length) throw conflict(MSG.emailTaken);

  const newPassword = input.newPassword ? await hashPassword(input.newPassword) : null;
  const currentSid = sessionToken ? hashToken(sessionToken) : null;
  try {
    const updated = await db.transaction(async (tx) => {
      const rows = await tx
        .update(users)
        .set({ username: input.username, email: input.email, ...(newPassword ? { password: newPassword } : {}) })
        .where(ownAccount(user))
        .returning();
      if (newPassword) {
        await tx
          .delete(sessions)
          .where(
            currentSid ? and(eq(sessions.userId, user.id), ne(sessions.sid, currentSid)) : eq(sessions.userId, user.id),
          );
      }
      return rows[0];
    });
    if (!updated) throw new Error('profile update returned no row');
    refreshSession(db, sessionToken);
    userChanged(db, user.id);
    return updated;
  } catch (err) {
    const { code, constraint } = pgErrorCode(err);
    if (code === '23505' && constraint === 'users_username_lower_idx') throw conflict(MSG.usernameTaken);
    if (code === '23505' && constraint === 'users_email_lower_idx') throw conflict(MSG.emailTaken);
    throw err;
  }
}

/** Saves the marble (every field already checked by avatarBodySchema). */
export async function updateAvatar(
  db: Database,
  user: UserRow,
  sessionToken: string | null,
  input: AvatarBody,
): Promise<UserRow> {
  const rows = await db
    .update(users)
    .set({
      avatarElement: input.avatarElement,
      avatarColor: input.avatarColor.toUpperCase(),
      avatarSymbol: input.avatarSymbol,
      hairColor: input.hairColor.toUpperCase(),
      eyeColor: input.eyeColor.toUpperCase(),
      useDefaultAvatar: input.useDefaultAvatar ?? false,
    })
    .where(ownAccount(user))
    .returning();
  const updated = rows[0];
  if (!updated) throw new Error('avatar update returned no row');
  refreshSession(db, sessionToken);
  userChanged(db, user.id);
  return updated;
}
