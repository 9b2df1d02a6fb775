// Layout shift on the signed-in pages, without Lighthouse: the browser's own layout-shift entries
// (PerformanceObserver, the figure behind CLS) are summed from the first paint until the page has loaded
// everything, on a phone-sized screen. The app's API answers are held back a little, as on a phone
// network, so what arrives late really arrives after the first paint and must land in space kept for it.
import type { Page } from '@playwright/test';
import { createDream, expect, test } from './fixtures';

/** The CLS target of `npm run lighthouse` (bench/lighthouse.ts); this sums every shift, so it is stricter. */
const MAX_LAYOUT_SHIFT = 0.1;
/** How long each API answer is held back. */
const API_DELAY_MS = 400;

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

interface Shift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    __layoutShifts?: Shift[];
  }
}

async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    window.__layoutShifts = shifts;
    const describe = (node: Node | null | undefined): string => {
      if (!(node instanceof Element)) return node?.nodeName ?? '?';
      const cls = typeof node.className === 'string' ? node.className.split(/\s+/).slice(0, 3).join('.') : '';
      return `${node.tagName.toLowerCase()}${cls ? `.${cls}` : ''} "${(node.textContent ?? '').trim().slice(0, 40)}"`;
    };
    type LayoutShiftEntry = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: Array<{ node?: Node | null }>;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShiftEntry[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((s) => describe(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.route('**/api/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
    await route.continue();
  });
}

/** Waits until nothing is loading and two more frames have been laid out, then sums the shifts. */
async function totalShift(page: Page): Promise<{ total: number; shifts: Shift[] }> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const shifts = window.__layoutShifts ?? [];
    return { total: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
  });
}

function report(shifts: Shift[]): string {
  return shifts.map((s) => `${s.value.toFixed(4)}: ${s.sources.join(' | ')}`).join('\n') || 'no shifts';
}

test.describe('signed-in pages keep their layout while they load', () => {
  test.describe.configure({ timeout: 90_000 });

  test('/journal', async ({ page, account }) => {
    void account;
    // A new account's journal already holds the sample dreams: a full first page of cards.
    await createDream(page, {
      title: 'Shift dream',
      narrative: 'A corridor of doors opening onto seas.',
      tags: ['water'],
    });
    await watchLayoutShifts(page);
    await page.goto('/journal');
    await expect(page.getByRole('heading', { name: 'Shift dream' })).toBeVisible();
    const { total, shifts } = await totalShift(page);
    expect(total, report(shifts)).toBeLessThan(MAX_LAYOUT_SHIFT);
  });

  test('/dream/:id with its reading and earlier readings', async ({ page, account }) => {
    void account;
    const dream = await createDream(page, {
      title: 'The lighthouse keeper',
      narrative:
        'I climbed the lighthouse stairs and the keeper handed me a lantern full of moths.\n\nBelow, the sea was made of glass and I could see the town under it, its bells ringing.',
      tags: ['water', 'recurring', 'lucid'],
    });
    for (let i = 0; i < 2; i++) {
      const res = await page.request.post('/api/interpretations/generate', { data: { dreamId: dream.id } });
      expect(res.ok(), await res.text()).toBe(true);
    }
    await watchLayoutShifts(page);
    await page.goto(`/dream/${dream.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'The lighthouse keeper' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dream Interpretation' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Earlier readings \(1\)/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
    const { total, shifts } = await totalShift(page);
    expect(total, report(shifts)).toBeLessThan(MAX_LAYOUT_SHIFT);
  });

  test('/dream-symbols', async ({ page, account }) => {
    void account;
    await watchLayoutShifts(page);
    await page.goto('/dream-symbols');
    await expect(page.getByRole('group', { name: 'Categories' })).toBeVisible();
    await expect(
      page
        .getByRole('list', { name: / symbols$/ })
        .getByRole('listitem')
        .first(),
    ).toBeVisible();
    const { total, shifts } = await totalShift(page);
    expect(total, report(shifts)).toBeLessThan(MAX_LAYOUT_SHIFT);

    // The "Recently Added" tab keeps its place too (the shift right after the click is the user's own).
    await page.getByRole('tab', { name: 'Recently Added' }).click();
    await expect(
      page.getByRole('list', { name: 'Recently added symbols' }).getByRole('listitem').first(),
    ).toBeVisible();
    const after = await totalShift(page);
    expect(after.total, report(after.shifts)).toBeLessThan(MAX_LAYOUT_SHIFT);
  });

  test('/ (Home)', async ({ page, account }) => {
    await createDream(page, { title: 'A short dream', narrative: 'Stars over a quiet field.', tags: ['flying'] });
    await watchLayoutShifts(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: `Welcome back, ${account.username}` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'A short dream' })).toBeVisible();
    const { total, shifts } = await totalShift(page);
    expect(total, report(shifts)).toBeLessThan(MAX_LAYOUT_SHIFT);
  });
});

test('the Journal has no gap in its heading levels: the page is h1, each dream card h2', async ({ page, account }) => {
  void account;
  await createDream(page, { title: 'Heading dream', narrative: 'Steps down to a lit harbour.' });
  await page.goto('/journal');
  await expect(page.getByRole('heading', { level: 2, name: 'Heading dream' })).toBeVisible();
  const levels = await page
    .locator('main')
    .locator('h1, h2, h3, h4, h5, h6')
    .evaluateAll((hs) => hs.map((h) => Number(h.tagName.slice(1))));
  expect(levels[0]).toBe(1);
  levels.forEach((level, i) => {
    if (i > 0) expect(level - (levels[i - 1] ?? 1), `levels ${levels.join(',')}`).toBeLessThanOrEqual(1);
  });
});
