import { readFileSync } from 'node:fs';
import { count, desc, sql } from 'drizzle-orm';
import { COMMUNITY } from '@common/limits';
import type { AdminStats, AdminUsers } from '@common/schemas/admin';
import type { PublicUser } from '@common/schemas/auth';
import type { Database } from '../../db/client';
import { dreams, interpretations, users } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { MSG } from '@common/messages';
import { presentUser } from '../users/presenter';
import { deleteAccount, findUserById, listAccounts, promoteUser, updateAccount } from '../users/service';
import type { AllowedChange } from './policy';

export async function adminStats(db: Database): Promise<AdminStats> {
  const [[u], [d], [i], recent] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(dreams),
    db.select({ n: count() }).from(interpretations),
    db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)).limit(COMMUNITY.adminRecentUsers),
  ]);
  return {
    totalUsers: u?.n ?? 0,
    totalDreams: d?.n ?? 0,
    totalInterpretations: i?.n ?? 0,
    recentUsers: recent.map(presentUser),
  };
}

export async function adminUsers(
  db: Database,
  query: { q?: string; page: number; limit: number },
): Promise<AdminUsers> {
  const { rows, total } = await listAccounts(db, query);
  return {
    users: rows.map(presentUser),
    total,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

export const userNotFound = () => notFound(MSG.userNotFound);

/** Makes a change the admin policy allowed, through the users service. */
export async function changeUser(db: Database, userId: number, change: AllowedChange): Promise<PublicUser> {
  const { makeSuperAdmin, ...fields } = change;
  const row = await updateAccount(db, userId, fields);
  if (!row) throw userNotFound();
  if (makeSuperAdmin) await promoteUser(db, userId, { superAdmin: true });
  const fresh = makeSuperAdmin ? await findUserById(db, userId) : row;
  if (!fresh) throw userNotFound();
  return presentUser(fresh);
}

export async function removeUser(db: Database, userId: number): Promise<void> {
  if (!(await deleteAccount(db, userId))) throw userNotFound();
}

export async function databaseConnected(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** The app's version, from package.json (the System tab). */
export function appVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
    version?: unknown;
  };
  return typeof pkg.version === 'string' ? pkg.version : 'unknown';
}
