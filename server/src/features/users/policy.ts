import { eq, type SQL } from 'drizzle-orm';
import { users, type UserRow } from '../../db/schema';

/**
 * Profile and avatar: a signed-in user may change only their own account. There is no id in these
 * routes: every write is scoped by this condition to the session's user, so no request can reach
 * another row. Changing username, email or password needs the current password besides
 * (mayChangeAccount); the avatar does not.
 */
export function ownAccount(user: Pick<UserRow, 'id'>): SQL {
  return eq(users.id, user.id);
}

/** Whether the password check passed: username, email and password change only with it. */
export function mayChangeAccount(currentPasswordVerified: boolean): boolean {
  return currentPasswordVerified;
}
