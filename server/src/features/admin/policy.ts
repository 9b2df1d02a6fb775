import { MSG } from '@common/messages';
import type { AdminUpdateUserBody } from '@common/schemas/admin';
import { forbidden } from '../../lib/http-error';

/**
 * Who may administer accounts (spec part 2 §6; decisions page: admin endpoints, super admin). Every
 * rule of the dashboard is here:
 * - only admins reach /api/admin/*: the admin scope's hook is requireAdmin (auth/guards, isAdmin from
 *   common), 401 for a visitor and 403 for anyone else;
 * - only the super admin may change isSuperAdmin; for other admins the field is removed;
 * - nobody demotes the super admin or takes its role away except by giving it to another user;
 * - nobody deletes the super admin; an admin does not delete their own account here.
 */

export interface Actor {
  id: number;
  isAdmin: boolean;
  isSuperAdmin: boolean;
}

interface Target {
  id: number;
  isSuperAdmin: boolean;
}

export interface AllowedChange {
  username?: string;
  email?: string;
  isAdmin?: boolean;
  /** True: the super admin role moves to the target. */
  makeSuperAdmin: boolean;
}

/** What of the requested change may be made, or a 403 naming the rule it breaks. */
export function allowedUserChange(actor: Actor, target: Target, body: AdminUpdateUserBody): AllowedChange {
  const { isSuperAdmin: requestedSuper, ...rest } = body;
  // A non-super admin's isSuperAdmin is removed from the payload (spec part 2 §6).
  const superChange = actor.isSuperAdmin ? requestedSuper : undefined;
  if (target.isSuperAdmin && rest.isAdmin === false) throw forbidden(MSG.superAdminNotDemotable);
  if (target.isSuperAdmin && superChange === false) throw forbidden(MSG.superAdminNotDemotable);
  const makeSuperAdmin = superChange === true && !target.isSuperAdmin;
  // The new super admin is an admin; an isAdmin false next to it is a contradiction the role wins.
  if (makeSuperAdmin && rest.isAdmin === false) throw forbidden(MSG.superAdminNotDemotable);
  return { ...rest, makeSuperAdmin };
}

/** Deleting an account from the dashboard: never the super admin, never one's own. */
export function assertMayDeleteUser(actor: Actor, target: Target): void {
  if (target.isSuperAdmin) throw forbidden(MSG.superAdminNotDeletable);
  if (target.id === actor.id) throw forbidden(MSG.cannotDeleteSelf);
}
