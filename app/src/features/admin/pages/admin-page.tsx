import { ArrowLeft, BookOpen, Sparkles, TriangleAlert, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatShortDate } from '@common/dream-text';
import { MSG } from '@common/messages';
import { paths } from '@common/paths';
import type { PublicUser } from '@common/schemas/auth';
import { LoadError } from '@app/components/load-error';
import { Button } from '@app/components/ui/button';
import { Alert, Badge, Card, Spinner } from '@app/components/ui/misc';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@app/components/ui/tabs';
import { useCurrentUser } from '@app/features/auth/api';
import { ApiError, describeError } from '@app/lib/api-client';
import { toast } from '@app/lib/toast-store';
import { useAdminStats, useModerate, useReportedItems, useSystemInfo } from '../api';
import { UserTable } from '../components/user-table';
import { roleLabel, UsersTab } from '../components/users-tab';

function AccessDenied() {
  return (
    <section className="mx-auto grid max-w-lg gap-4">
      <Alert variant="destructive">
        <p className="font-semibold">Access Denied</p>
        <p className="mt-1">{MSG.accessDenied}</p>
      </Alert>
      <Button asChild variant="outline" className="w-fit">
        <Link to={paths.home}>Return to Home</Link>
      </Button>
    </section>
  );
}

/** The admin dashboard (spec part 2 §2). The route's guard lets only admins in; a 403 later says so too. */
export function AdminPage() {
  const { data: me } = useCurrentUser();
  const stats = useAdminStats();
  const [tab, setTab] = useState('overview');
  const denied = stats.error instanceof ApiError && stats.error.status === 403;
  if (!me || denied || !(me.isAdmin || me.isSuperAdmin)) return <AccessDenied />;

  return (
    <section className="mx-auto grid max-w-5xl gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold text-white">Admin Dashboard</h1>
          {me.isSuperAdmin ? <Badge>Super Admin</Badge> : null}
        </div>
        <Button asChild variant="outline">
          <Link to={paths.home}>
            <ArrowLeft aria-hidden /> Back to App
          </Link>
        </Button>
      </header>
      <Tabs value={tab} onValueChange={setTab} className="grid gap-4">
        <TabsList aria-label="Dashboard sections" className="flex w-full flex-wrap sm:w-fit">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="users">User Management</TabsTrigger>
          <TabsTrigger value="system">System</TabsTrigger>
          <TabsTrigger value="moderation">Moderation</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <Overview stats={stats} />
        </TabsContent>
        <TabsContent value="users">{tab === 'users' ? <UsersTab me={me} /> : null}</TabsContent>
        <TabsContent value="system">{tab === 'system' ? <SystemTab /> : null}</TabsContent>
        <TabsContent value="moderation">{tab === 'moderation' ? <ModerationTab /> : null}</TabsContent>
      </Tabs>
    </section>
  );
}

function StatCard({ label, value, icon }: { label: string; value: number | undefined; icon: ReactNode }) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className="text-dream-300">{icon}</span>
      <div>
        <p className="text-sm text-slate-300">{label}</p>
        <p className="text-2xl font-bold text-white">{value ?? '—'}</p>
      </div>
    </Card>
  );
}

function Overview({ stats }: { stats: ReturnType<typeof useAdminStats> }) {
  if (stats.isError) {
    return (
      <LoadError
        title="Failed to fetch admin stats"
        error={stats.error}
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
      />
    );
  }
  const recent: PublicUser[] = stats.data?.recentUsers ?? [];
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Total Users" value={stats.data?.totalUsers} icon={<Users aria-hidden />} />
        <StatCard label="Total Dreams" value={stats.data?.totalDreams} icon={<BookOpen aria-hidden />} />
        <StatCard label="Interpretations" value={stats.data?.totalInterpretations} icon={<Sparkles aria-hidden />} />
      </div>
      <Card className="p-4 sm:p-6">
        <h2 className="text-lg font-semibold text-white">Recent Users</h2>
        {stats.isPending ? (
          <Spinner label="Loading recent users" />
        ) : recent.length === 0 ? (
          <p className="mt-3 text-sm text-slate-300">No recent users</p>
        ) : (
          <div className="mt-3">
            <UserTable users={recent} role={(u) => (u.isAdmin || u.isSuperAdmin ? 'Admin' : 'User')} />
          </div>
        )}
      </Card>
    </div>
  );
}

function SystemTab() {
  const system = useSystemInfo(true);
  const { data: me } = useCurrentUser();
  if (system.isPending) return <Spinner label="Loading system information" />;
  if (system.isError) {
    return <Alert variant="destructive">{describeError(system.error, 'Failed to load system information')}</Alert>;
  }
  const s = system.data;
  const environment = s.environment.charAt(0).toUpperCase() + s.environment.slice(1);
  const rows: [string, string][] = [
    ['App version', s.version],
    ['Environment', environment],
    ['Database connected', s.databaseConnected ? 'Yes' : 'No'],
    ['Current admin', `${s.currentAdmin}${me ? ` (${roleLabel(me)})` : ''}`],
  ];
  return (
    <Card className="p-4 sm:p-6">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt className="text-slate-400">{k}</dt>
            <dd className="text-slate-100 wrap-anywhere">{v}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function ModerationTab() {
  const reports = useReportedItems(true);
  const moderate = useModerate();
  if (reports.isPending) return <Spinner label="Loading reports" />;
  if (reports.isError) {
    return (
      <LoadError
        title="Reports could not be loaded"
        error={reports.error}
        onRetry={() => void reports.refetch()}
        retrying={reports.isFetching}
      />
    );
  }
  if (!reports.data.items.length) return <Card className="text-sm text-slate-300">No reported items</Card>;
  const act = (kind: 'dream' | 'comment', id: number, action: 'hide' | 'restore' | 'dismiss') =>
    moderate.mutate(
      { kind, id, action },
      {
        onSuccess: () =>
          toast({
            title: action === 'hide' ? 'Item hidden' : action === 'restore' ? 'Item restored' : 'Reports dismissed',
          }),
        onError: (err) =>
          toast({ title: 'Error', description: describeError(err, 'Please try again.'), variant: 'destructive' }),
      },
    );
  return (
    <ul className="grid gap-3" aria-label="Reported items">
      {reports.data.items.map((item) => (
        <li key={`${item.kind}-${item.id}`}>
          <Card className="grid gap-2 p-4" aria-label={`Reported ${item.kind}: ${item.title}`}>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Badge>{item.kind === 'dream' ? 'Shared dream' : 'Comment'}</Badge>
              {item.isHidden ? (
                <Badge className="border-amber-400/50 bg-amber-900/40 text-amber-200">Hidden</Badge>
              ) : null}
              <span className="inline-flex items-center gap-1 text-amber-200">
                <TriangleAlert aria-hidden className="h-4 w-4" /> {item.openReports} open{' '}
                {item.openReports === 1 ? 'report' : 'reports'}
              </span>
            </div>
            <Link
              to={paths.sharedDream(item.sharedDreamId)}
              className="font-semibold text-white hover:underline wrap-anywhere"
            >
              {item.title}
            </Link>
            <p className="text-sm text-slate-300 wrap-anywhere">{item.excerpt}</p>
            <p className="text-xs text-slate-400">
              By {item.author}
              {item.isAnonymous ? ' (posted anonymously)' : ''} · last reported {formatShortDate(item.lastReportedAt)}
            </p>
            <div className="flex flex-wrap gap-2">
              {item.isHidden ? (
                <Button size="sm" variant="outline" onClick={() => act(item.kind, item.id, 'restore')}>
                  Restore
                </Button>
              ) : (
                <>
                  <Button size="sm" variant="destructive" onClick={() => act(item.kind, item.id, 'hide')}>
                    Hide
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => act(item.kind, item.id, 'dismiss')}>
                    Dismiss
                  </Button>
                </>
              )}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
