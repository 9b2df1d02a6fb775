import { Link } from 'react-router';
import { LIST_SIZES } from '@common/limits';
import { paths } from '@common/paths';
import { Button } from '@app/components/ui/button';
import { Card, Spinner } from '@app/components/ui/misc';
import { useCurrentUser } from '@app/features/auth/api';
import { CalendarHeatmapPanel } from '../components/calendar-heatmap';
import { DreamSignsPanel } from '../components/dream-signs';
import { LucidFrequencyPanel } from '../components/lucid-frequency';
import { OnThisDayCard } from '../components/on-this-day';
import { RecentInterpretationPanel } from '../components/recent-interpretation';
import { JourneyStatsPanel } from '../components/stats';
import { TopTagsPanel } from '../components/top-tags';

function SignInPrompt() {
  return (
    <Card className="mx-auto grid max-w-md gap-4 text-center">
      <h1 className="text-2xl font-bold text-white">Dream Insights</h1>
      <p className="text-slate-300">Sign in to see the patterns in your dreams: your tags, lucid nights and streaks.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={paths.login}>Log in</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.register}>Create an account</Link>
        </Button>
      </div>
    </Card>
  );
}

/** /insights: the spec's four panels, then dream signs, the calendar and "On this day". */
export function InsightsPage() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <Spinner label="Loading insights" />;
  if (!user) return <SignInPrompt />;
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl font-bold text-white">Dream Insights</h1>
        <p className="mt-1 text-slate-300">Patterns across your journal: what returns, when you wake inside a dream.</p>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <TopTagsPanel id="top-tags" title="Most Common Tags" limit={LIST_SIZES.topTagsDefault} />
        <LucidFrequencyPanel />
        <JourneyStatsPanel />
        <RecentInterpretationPanel />
        <DreamSignsPanel />
        <CalendarHeatmapPanel />
      </div>
      <OnThisDayCard />
    </div>
  );
}
