import { ArrowLeft, Palette, Pencil, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@common/paths';
import { isAdmin } from '@common/roles';
import { MarbleAvatar } from '@app/components/marble';
import { Button } from '@app/components/ui/button';
import { Card } from '@app/components/ui/misc';
import { ProfileStatsCard, TopTagsPanel } from '@app/features/analytics';
import { useCurrentUser } from '@app/features/auth/api';
import { CustomizeMarbleDialog } from '../components/customize-marble-dialog';
import { EditProfileDialog } from '../components/edit-profile-dialog';

const MEMBER_SINCE = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' });
const PROFILE_TOP_TAGS = 3;

/** /profile (also Settings): account details, the marble, statistics and top tags. */
export function ProfilePage() {
  const { data: user } = useCurrentUser();
  const [editing, setEditing] = useState(false);
  const [customizing, setCustomizing] = useState(false);
  if (!user) return null;

  return (
    <div className="grid gap-6">
      <div>
        <Button asChild variant="ghost" className="-ml-3">
          <Link to={paths.home}>
            <ArrowLeft aria-hidden />
            Back
          </Link>
        </Button>
      </div>
      <Card className="grid gap-5 p-5 sm:grid-cols-[auto_1fr] sm:items-center">
        <div className="flex justify-center">
          <MarbleAvatar avatar={user} size="xl" label={`${user.username}'s marble avatar`} />
        </div>
        <div className="grid min-w-0 gap-3">
          <div>
            <h1 className="break-words text-2xl font-bold text-white">{user.username}</h1>
            <p className="text-sm text-slate-400">Member since {MEMBER_SINCE.format(new Date(user.createdAt))}</p>
          </div>
          <dl className="grid gap-1 text-sm">
            <div className="flex flex-wrap gap-x-2">
              <dt className="text-slate-400">Email</dt>
              <dd className="min-w-0 break-all text-slate-100">{user.email}</dd>
            </div>
            <div className="flex flex-wrap gap-x-2">
              <dt className="text-slate-400">Password</dt>
              <dd className="text-slate-100" aria-label="Password hidden">
                ••••••••
              </dd>
            </div>
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setCustomizing(true)}>
              <Palette aria-hidden />
              Customize Marble
            </Button>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Pencil aria-hidden />
              Edit Profile
            </Button>
            {isAdmin(user) ? (
              <Button asChild variant="outline">
                <Link to={paths.admin}>
                  <ShieldCheck aria-hidden />
                  {user.isSuperAdmin ? 'Admin Dashboard (Super)' : 'Admin Dashboard'}
                </Link>
              </Button>
            ) : null}
          </div>
        </div>
      </Card>
      <div className="grid gap-6 md:grid-cols-2">
        <ProfileStatsCard />
        <TopTagsPanel id="profile-top-tags" title="Your Top Tags" limit={PROFILE_TOP_TAGS} />
      </div>
      <EditProfileDialog user={user} open={editing} onOpenChange={setEditing} />
      <CustomizeMarbleDialog user={user} open={customizing} onOpenChange={setCustomizing} />
    </div>
  );
}
