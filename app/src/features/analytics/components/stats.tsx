import type { Stats } from '@common/schemas/analytics';
import { cn } from '@app/lib/cn';
import { useStats } from '../api';
import { Panel } from './panel';

export const STREAK_SEGMENTS = 7;

/** The 7-segment bar of the current dream streak, with its encouragement. */
export function StreakBar({ streak }: { streak: number }) {
  const filled = Math.min(streak, STREAK_SEGMENTS);
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <span className="text-sm font-medium text-slate-200">Current dream streak</span>
        <span className="text-sm text-slate-300">
          {streak} {streak === 1 ? 'day' : 'days'}
        </span>
      </div>
      <div
        role="meter"
        aria-label="Current dream streak"
        aria-valuemin={0}
        aria-valuemax={STREAK_SEGMENTS}
        aria-valuenow={filled}
        aria-valuetext={`${streak} ${streak === 1 ? 'day' : 'days'}`}
        className="grid grid-cols-7 gap-1.5"
      >
        {Array.from({ length: STREAK_SEGMENTS }, (_, i) => (
          <span
            key={i}
            data-filled={i < filled || undefined}
            className={cn('h-2.5 rounded-full', i < filled ? 'bg-aurora-400' : 'bg-night-700')}
          />
        ))}
      </div>
      <p className="text-sm text-aurora-300">{streak > 0 ? 'Keep going!' : 'Start your streak today!'}</p>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-xl bg-night-800/80 p-3">
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className="text-2xl font-bold text-white">{value}</dd>
    </div>
  );
}

/** Insights: Dream Journey Statistics. */
export function JourneyStatsPanel() {
  const stats = useStats();
  const s: Stats | undefined = stats.data;
  return (
    <Panel
      id="journey-stats"
      title="Dream Journey Statistics"
      loading={stats.isPending}
      error={stats.error}
      errorTitle="Error loading dream statistics"
    >
      {s ? (
        <div className="grid gap-4">
          <dl className="grid grid-cols-2 gap-3">
            <Figure label="Dreams Recorded" value={s.totalDreams} />
            <Figure label="Lucid Dreams" value={s.lucidDreams} />
            <Figure label="Intentions Set" value={s.intentionsSet} />
            <Figure label="Intention Success" value={`${s.intentionSuccess}%`} />
          </dl>
          <StreakBar streak={s.currentStreak} />
        </div>
      ) : null}
    </Panel>
  );
}

/** Profile: the statistics card (Total Dreams, Lucid Dreams, Intentions Set, Current Streak). */
export function ProfileStatsCard() {
  const stats = useStats();
  const s = stats.data;
  return (
    <Panel
      id="profile-stats"
      title="Statistics"
      loading={stats.isPending}
      error={stats.error}
      errorTitle="Error loading dream statistics"
    >
      {s ? (
        <dl className="grid grid-cols-2 gap-3">
          <Figure label="Total Dreams" value={s.totalDreams} />
          <Figure label="Lucid Dreams" value={s.lucidDreams} />
          <Figure label="Intentions Set" value={s.intentionsSet} />
          <Figure label="Current Streak" value={`${s.currentStreak} ${s.currentStreak === 1 ? 'day' : 'days'}`} />
        </dl>
      ) : null}
    </Panel>
  );
}
