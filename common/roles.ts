/** The one admin rule, for the server's guards, the CLI and the client's menu: the super admin is an admin too. */
export function isAdmin(user: { isAdmin: boolean; isSuperAdmin: boolean } | null | undefined): boolean {
  return Boolean(user && (user.isAdmin || user.isSuperAdmin));
}
