import { History } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@common/paths';
import { useOnThisDay } from '../api';
import { Panel } from './panel';

const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function agoText(monthsAgo: number): string {
  if (monthsAgo % 12 === 0) {
    const years = monthsAgo / 12;
    return years === 1 ? '1 year ago' : `${years} years ago`;
  }
  return monthsAgo === 1 ? '1 month ago' : `${monthsAgo} months ago`;
}

/** Home and Insights: dreams from this day of the month in earlier months and years. */
export function OnThisDayCard({ className }: { className?: string }) {
  const otd = useOnThisDay();
  return (
    <Panel
      id="on-this-day"
      title="On this day"
      description="Dreams from this date in earlier months and years"
      loading={otd.isPending}
      error={otd.error}
      errorTitle="Error loading earlier dreams"
      className={className}
    >
      {otd.data?.length ? (
        <ul className="grid gap-2">
          {otd.data.map((d) => (
            <li key={d.id}>
              <Link
                to={paths.dream(d.id)}
                className="flex items-center gap-3 rounded-lg border border-night-600/70 px-3 py-2 hover:border-dream-400"
              >
                <History aria-hidden className="h-4 w-4 shrink-0 text-aurora-300" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-white">{d.title}</span>
                  <span className="block text-xs text-slate-400">
                    {agoText(d.monthsAgo)} · {LONG_DATE.format(new Date(`${d.date}T00:00:00Z`))}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-300">No dreams from this date in earlier months yet.</p>
      )}
    </Panel>
  );
}
