import { BookOpen, Brain, Compass, Moon, Plus, Sparkles, Users } from 'lucide-react';
import { Link } from 'react-router';
import { LIST_SIZES } from '@common/limits';
import { paths } from '@common/paths';
import { LoadError } from '@app/components/load-error';
import { Button } from '@app/components/ui/button';
import { Card } from '@app/components/ui/misc';
import { OnThisDayCard } from '@app/features/analytics';
import { useCurrentUser } from '@app/features/auth/api';
import { useRecentDreams } from '@app/features/dreams/api';
import { DreamCard, DreamCardSkeleton, NewDreamButton } from '@app/features/dreams';

const NAV = [
  { to: paths.journal, label: 'Journal', icon: BookOpen },
  { to: paths.intentions, label: 'Intentions', icon: Moon },
  { to: paths.insights, label: 'Insights', icon: Brain },
  { to: paths.guidedLibrary, label: 'Guided Library', icon: Compass },
  { to: paths.socialFeed, label: 'Community', icon: Users },
  { to: paths.dreamSymbols, label: 'Symbol Dictionary', icon: Sparkles },
] as const;

const SAMPLES = [
  { title: 'Astral Projection Guide', meta: '20 min · advanced' },
  { title: 'Lucid Dream Induction', meta: '15 min · beginner friendly' },
] as const;

export function HomePage() {
  const { data: user } = useCurrentUser();
  const recent = useRecentDreams(LIST_SIZES.recentDreamsHome);

  return (
    <div className="grid gap-8">
      <section>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 className="break-words text-3xl font-bold text-white">Welcome back, {user?.username}</h1>
            <p className="mt-1 text-slate-300">Where did you travel last night?</p>
          </div>
          <NewDreamButton label="Record a dream" icon={<Plus aria-hidden />} />
        </div>
        <nav aria-label="Sections" className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {NAV.map(({ to, label, icon: Icon }) => (
            <Button key={to} asChild variant="secondary" className="h-auto flex-col gap-2 py-4">
              <Link to={to}>
                <Icon aria-hidden className="!h-6 !w-6 text-aurora-300" />
                {label}
              </Link>
            </Button>
          ))}
        </nav>
      </section>

      <section aria-labelledby="recent-dreams">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="recent-dreams" className="text-xl font-semibold text-white">
            Recent Dreams
          </h2>
          <Button asChild variant="link">
            <Link to={paths.journal}>View All Journal Entries</Link>
          </Button>
        </div>
        {recent.isPending ? (
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading dreams">
            {Array.from({ length: LIST_SIZES.homeSkeletons }, (_, i) => (
              <DreamCardSkeleton key={i} />
            ))}
          </div>
        ) : recent.isError && !recent.data ? (
          <LoadError
            className="mt-4"
            title="Your recent dreams could not be loaded"
            error={recent.error}
            onRetry={() => void recent.refetch()}
            retrying={recent.isFetching}
          />
        ) : recent.data?.length ? (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Recent dreams">
            {recent.data.map((dream) => (
              <li key={dream.id}>
                <DreamCard dream={dream} />
              </li>
            ))}
          </ul>
        ) : (
          <Card className="mt-4 text-center">
            <p className="text-slate-200">No dreams recorded yet. Capture tonight's journey when you wake.</p>
            <div className="mt-4 flex justify-center">
              <NewDreamButton label="Record Your First Dream" />
            </div>
          </Card>
        )}
      </section>

      <OnThisDayCard />

      <section aria-labelledby="guided-promo">
        <Card className="bg-gradient-to-br from-night-800/90 to-dream-600/20">
          <h2 id="guided-promo" className="text-xl font-semibold text-white">
            Guided journeys for tonight
          </h2>
          <p className="mt-1 text-slate-300">
            Meditations and techniques to deepen your dreams and wake up inside them.
          </p>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {SAMPLES.map((s) => (
              <li key={s.title} className="rounded-xl border border-night-600/70 bg-night-900/70 p-4">
                <p className="font-medium text-white">{s.title}</p>
                <p className="text-sm text-slate-400">{s.meta}</p>
              </li>
            ))}
          </ul>
          <Button asChild className="mt-4">
            <Link to={paths.guidedLibrary}>Explore Guided Content</Link>
          </Button>
        </Card>
      </section>
    </div>
  );
}
