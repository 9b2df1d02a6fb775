import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AnonymousAvatar, ANONYMOUS_CLASSES, anonymousClass } from '@app/components/marble';
import { calendarGrid, cellLabel } from './calendar-heatmap';
import { agoText } from './on-this-day';
import { StreakBar } from './stats';

afterEach(cleanup);

describe('calendarGrid', () => {
  it('is 12 Monday-first weeks ending with today’s week; later days are marked future', () => {
    // 2026-03-05 is a Thursday.
    const grid = calendarGrid('2026-03-05', new Map([['2026-03-02', 2]]));
    expect(grid).toHaveLength(12);
    expect(grid.every((w) => w.length === 7)).toBe(true);
    const last = grid[11] ?? [];
    expect(last.map((c) => c.date)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
    expect(last.map((c) => c.future)).toEqual([false, false, false, false, true, true, true]);
    expect(grid[0]?.[0]?.date).toBe('2025-12-15');
    expect(last[0]?.count).toBe(2);
    expect(cellLabel({ date: '2026-03-02', count: 2, future: false })).toBe('Monday, 2 March 2026: 2 dreams');
    expect(cellLabel({ date: '2026-03-03', count: 1, future: false })).toBe('Tuesday, 3 March 2026: 1 dream');
  });
});

describe('small texts', () => {
  it('says how long ago in months or years', () => {
    expect(agoText(1)).toBe('1 month ago');
    expect(agoText(5)).toBe('5 months ago');
    expect(agoText(12)).toBe('1 year ago');
    expect(agoText(36)).toBe('3 years ago');
  });

  it('the streak bar fills up to seven segments and encourages', () => {
    const { container, rerender } = render(<StreakBar streak={0} />);
    expect(screen.getByText('Start your streak today!')).toBeTruthy();
    expect(container.querySelectorAll('[data-filled]')).toHaveLength(0);
    rerender(<StreakBar streak={9} />);
    expect(screen.getByText('Keep going!')).toBeTruthy();
    expect(container.querySelectorAll('[data-filled]')).toHaveLength(7);
    expect(screen.getByRole('meter', { name: 'Current dream streak' }).getAttribute('aria-valuetext')).toBe('9 days');
  });
});

describe('AnonymousAvatar', () => {
  it('shows AD on one of eight colours, the same for the same seed', () => {
    render(<AnonymousAvatar seed={42} size="md" />);
    const img = screen.getByRole('img', { name: 'Anonymous dreamer' });
    expect(img.textContent).toBe('AD');
    expect(img.className).toContain(anonymousClass(42));
    expect(anonymousClass('post-7')).toBe(anonymousClass('post-7'));
    const used = new Set(Array.from({ length: 200 }, (_, i) => anonymousClass(i)));
    expect(used.size).toBe(ANONYMOUS_CLASSES.length);
  });
});
