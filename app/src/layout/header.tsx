import { LogIn } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { paths } from '@common/paths';
import { Button } from '@app/components/ui/button';
import { BRAND } from '@app/config/brand';
import { useCurrentUser } from '@app/features/auth/api';
import { MarbleAvatar } from '@app/components/marble';

const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }));

export function Header() {
  const { data: user } = useCurrentUser();

  return (
    <header className="sticky top-0 z-30 h-16 border-b border-night-700/60 bg-night-950/70 backdrop-blur">
      <div className="mx-auto flex h-full max-w-6xl items-center justify-between gap-4 px-4">
        <Link to={paths.home} className="group flex flex-col rounded-md leading-tight">
          <span className="text-xl font-bold tracking-tight">
            <span className="text-dream-300">{BRAND.first}</span>{' '}
            <span className="text-aurora-300">{BRAND.second}</span>
          </span>
          <span className="hidden text-xs text-slate-300 sm:block">{BRAND.tagline}</span>
        </Link>
        {user ? (
          <Suspense fallback={<MarbleAvatar avatar={user} size="md" label={`${user.username}'s marble avatar`} />}>
            <UserMenu user={user} />
          </Suspense>
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
