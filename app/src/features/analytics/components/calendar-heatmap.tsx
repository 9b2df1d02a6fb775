import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { CALENDAR_WEEKS, WEEKDAYS } from '@common/schemas/analytics';
import { cn } from '@app/lib/cn';
import { useCalendar } from '../api';
import { Panel } from './panel';

const DAY_MS = 24 * 60 * 60 * 1000;
const LONG_DAY = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

interface Cell {
  date: string;
  count: number;
  future: boolean;
}

/** The 12 × 7 grid (weeks × Mon…Sun) ending with today's week, from the user's "today" (YYYY-MM-DD). */
export function calendarGrid(today: string, counts: ReadonlyMap<string, number>): Cell[][] {
  const end = Date.parse(`${today}T00:00:00Z`);
  const isoDow = ((new Date(end).getUTCDay() + 6) % 7) + 1;
  const start = end - (isoDow - 1 + (CALENDAR_WEEKS - 1) * 7) * DAY_MS;
  return Array.from({ length: CALENDAR_WEEKS }, (_, w) =>
    Array.from({ length: 7 }, (_, d) => {
      const at = start + (w * 7 + d) * DAY_MS;
      const date = new Date(at).toISOString().slice(0, 10);
      return { date, count: counts.get(date) ?? 0, future: at > end };
    }),
  );
}

function shade(count: number): string {
  if (count === 0) return 'bg-night-700/70';
  if (count === 1) return 'bg-aurora-400/40';
  if (count === 2) return 'bg-aurora-400/70';
  return 'bg-aurora-300';
}

export function cellLabel(cell: Cell): string {
  const day = LONG_DAY.format(new Date(`${cell.date}T00:00:00Z`));
  return `${day}: ${cell.count} ${cell.count === 1 ? 'dream' : 'dreams'}`;
}

/**
 * Insights: the last 12 weeks of recorded dreams as a heat-map. A grid with one tab stop; arrow keys
 * move by a day (up/down) or a week (left/right), Home/End to the first/last day. Each day's count
 * is in its accessible name.
 */
export function CalendarHeatmapPanel() {
  const calendar = useCalendar();
  const grid = useMemo(() => {
    if (!calendar.data) return [];
    return calendarGrid(calendar.data.today, new Map(calendar.data.days.map((d) => [d.date, d.count])));
  }, [calendar.data]);
  const todayIndex = calendar.data ? grid.flat().findIndex((c) => c.date === calendar.data?.today) : -1;
  const [active, setActive] = useState<number | null>(null);
  const focusIndex = active ?? todayIndex;
  const refs = useRef<(HTMLDivElement | null)[]>([]);
  const total = calendar.data?.days.reduce((sum, d) => sum + d.count, 0) ?? 0;

  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = todayIndex;
    // Cells are numbered week by week: index = week * 7 + weekday.
    const steps: Record<string, number> = { ArrowUp: -1, ArrowDown: 1, ArrowLeft: -7, ArrowRight: 7 };
    let next: number | null = null;
    if (e.key in steps) next = focusIndex + (steps[e.key] ?? 0);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = last;
    if (next === null) return;
    e.preventDefault();
    next = Math.max(0, Math.min(last, next));
    setActive(next);
    refs.current[next]?.focus();
  };

  return (
    <Panel
      id="dream-calendar"
      title="Dream Calendar"
      description={`Dreams recorded in the last ${CALENDAR_WEEKS} weeks`}
      loading={calendar.isPending}
      error={calendar.error}
      errorTitle="Error loading the dream calendar"
    >
      <div className="grid gap-2">
        <p className="text-sm text-slate-300">
          {total} {total === 1 ? 'dream' : 'dreams'} in {CALENDAR_WEEKS} weeks
        </p>
        <div className="flex gap-1.5">
          <div aria-hidden className="grid grid-rows-7 gap-1 text-[10px] leading-none text-slate-400">
            {WEEKDAYS.map((d, i) => (
              <span key={d} className="flex h-4 items-center">
                {i % 2 === 0 ? d : ''}
              </span>
            ))}
          </div>
          <div
            role="grid"
            aria-label={`Dreams per day, last ${CALENDAR_WEEKS} weeks`}
            onKeyDown={move}
            className="grid min-w-0 flex-1 grid-flow-col grid-rows-7 gap-1"
            style={{ gridTemplateColumns: `repeat(${CALENDAR_WEEKS}, minmax(0, 1fr))` }}
          >
            {/* Rows for the grid role: one per weekday, cells laid out by CSS columns. */}
            {WEEKDAYS.map((day, d) => (
              <div role="row" key={day} className="contents" aria-label={day}>
                {grid.map((week, w) => {
                  const cell = week[d];
                  if (!cell) return null;
                  const index = w * 7 + d;
                  return (
                    <div
                      key={cell.date}
                      role="gridcell"
                      ref={(el) => {
                        refs.current[index] = el;
                      }}
                      tabIndex={index === focusIndex ? 0 : -1}
                      aria-label={cell.future ? `${cellLabel(cell)} (not yet)` : cellLabel(cell)}
                      aria-disabled={cell.future || undefined}
                      onFocus={() => !cell.future && setActive(index)}
                      data-count={cell.count}
                      className={cn(
                        'h-4 rounded-sm',
                        cell.future ? 'bg-transparent' : shade(cell.count),
                        index === todayIndex && 'ring-1 ring-dream-300',
                      )}
                      style={{ gridColumn: w + 1, gridRow: d + 1 }}
                    />
                  );
                })}
              </div>
            ))}
          </div>
        </div>
        <div aria-hidden className="flex items-center justify-end gap-1 text-[10px] text-slate-400">
          Less
          {[0, 1, 2, 3].map((n) => (
            <span key={n} className={cn('h-3 w-3 rounded-sm', shade(n))} />
          ))}
          More
        </div>
      </div>
    </Panel>
  );
}
