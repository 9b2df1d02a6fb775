import { LogIn } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@common/paths';
import { Button } from '@app/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@app/components/ui/dropdown-menu';
import { BRAND } from '@app/config/brand';
import { useCurrentUser, useLogout } from '@app/features/auth/api';
import { toast } from '@app/lib/toast-store';
import { MarbleAvatar } from './marble-avatar';

const MENU_LINKS = [
  { label: 'Journal', to: paths.journal },
  { label: 'Intentions', to: paths.intentions },
  { label: 'Insights', to: paths.insights },
  { label: 'Guided Library', to: paths.guidedLibrary },
  { label: 'Community', to: paths.socialFeed },
  { label: 'Symbol Dictionary', to: paths.dreamSymbols },
] as const;

export function Header() {
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();

  const onLogout = () => {
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Logged out', description: 'You have been successfully logged out' });
        void navigate(paths.landing);
      },
      onError: () => toast({ title: 'Logout failed', variant: 'destructive' }),
    });
  };

  return (
    <header className="sticky top-0 z-30 border-b border-night-700/60 bg-night-950/70 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to={paths.home} className="group flex flex-col rounded-md leading-tight">
          <span className="text-xl font-bold tracking-tight">
            <span className="text-dream-300">{BRAND.first}</span>{' '}
            <span className="text-aurora-300">{BRAND.second}</span>
          </span>
          <span className="hidden text-xs text-slate-300 sm:block">{BRAND.tagline}</span>
        </Link>
        {user ? (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <button
                type="button"
                aria-label={`Account menu for ${user.username}`}
                className="rounded-full focus-visible:outline-2 focus-visible:outline-aurora-300"
              >
                <MarbleAvatar user={user} size="md" />
              </button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuLabel>{user.username}</DropdownMenuLabel>
              {MENU_LINKS.map((item) => (
                <DropdownMenuItem key={item.to} onSelect={() => void navigate(item.to)}>
                  {item.label}
                </DropdownMenuItem>
              ))}
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => void navigate(paths.profile)}>Profile</DropdownMenuItem>
              {user.isAdmin || user.isSuperAdmin ? (
                <DropdownMenuItem onSelect={() => void navigate(paths.admin)}>
                  {user.isSuperAdmin ? 'Admin Dashboard (Super)' : 'Admin Dashboard'}
                </DropdownMenuItem>
              ) : null}
              <DropdownMenuItem onSelect={() => void navigate(`${paths.profile}?tab=settings`)}>Settings</DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={onLogout}>Logout</DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        ) : (
          <>
            <Link
              to={paths.login}
              aria-label="Log in"
              className="rounded-full p-2 text-slate-100 hover:bg-night-800 sm:hidden"
            >
              <LogIn className="h-5 w-5" aria-hidden />
            </Link>
            <Button asChild variant="outline" className="hidden sm:inline-flex">
              <Link to={paths.auth}>Login</Link>
            </Button>
          </>
        )}
      </div>
    </header>
  );
}
