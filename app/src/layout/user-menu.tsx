import { useNavigate } from 'react-router';
import type { PublicUser } from '@common/schemas/auth';
import { paths } from '@common/paths';
import { isAdmin } from '@common/roles';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@app/components/ui/dropdown-menu';
import { useLogout } from '@app/features/auth/api';
import { toast } from '@app/lib/toast-store';
import { MarbleAvatar } from '@app/components/marble';

const MENU_LINKS = [
  { label: 'Journal', to: paths.journal },
  { label: 'Intentions', to: paths.intentions },
  { label: 'Insights', to: paths.insights },
  { label: 'Guided Library', to: paths.guidedLibrary },
  { label: 'Community', to: paths.socialFeed },
  { label: 'Symbol Dictionary', to: paths.dreamSymbols },
  { label: 'My Symbols', to: paths.mySymbols },
] as const;

/** The signed-in user's menu (its own chunk: visitors on the landing page never load it). */
export function UserMenu({ user }: { user: PublicUser }) {
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
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label={`Account menu for ${user.username}`}
          className="rounded-full focus-visible:outline-2 focus-visible:outline-aurora-300"
        >
          <MarbleAvatar avatar={user} size="md" label={`${user.username}'s marble avatar`} />
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
        {isAdmin(user) ? (
          <DropdownMenuItem onSelect={() => void navigate(paths.admin)}>
            {user.isSuperAdmin ? 'Admin Dashboard (Super)' : 'Admin Dashboard'}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={() => void navigate(`${paths.profile}?tab=settings`)}>Settings</DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onLogout}>Logout</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
