import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@common/paths';
import { Spinner } from '@app/components/ui/misc';
import { useCheckAdmin, useCurrentUser } from './api';

/** Guarded pages: spinner while the session loads, /login for visitors. */
export function RequireUser({ children }: { children?: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) return <Spinner label="Checking your session" />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  return children ?? <Outlet />;
}

/** Admin pages: visitors go to /landing, non-admins (or a failed check) to /. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  const check = useCheckAdmin(Boolean(user));
  if (isPending) return <Spinner label="Checking your session" />;
  if (!user) return <Navigate to={paths.landing} replace />;
  if (check.isPending) return <Spinner label="Checking admin access" />;
  if (check.isError || !check.data.isAdmin) return <Navigate to={paths.home} replace />;
  return children ?? <Outlet />;
}

/** Login and register pages send a signed-in user home. */
export function RedirectIfSignedIn({ children }: { children?: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <Spinner label="Checking your session" />;
  if (user) return <Navigate to={paths.home} replace />;
  return children ?? <Outlet />;
}
