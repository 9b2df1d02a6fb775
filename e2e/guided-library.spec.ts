import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

interface Item {
  id: number;
  title: string;
  description: string;
  contentType: string;
  tags: string[];
  isFeatured: boolean;
}

async function library(page: Page): Promise<Item[]> {
  const res = await page.request.get('/api/guided-library');
  expect(res.status()).toBe(200);
  return (await res.json()) as Item[];
}

const allList = (page: Page, label = 'All Content') => page.getByRole('list', { name: `${label} list` });

test('category tabs and the search filter the library', async ({ page, account }) => {
  void account;
  const items = await library(page);
  await page.goto('/guided-library');
  await expect(page.getByRole('heading', { level: 1, name: 'Guided Library' })).toBeVisible();
  await expect(allList(page).getByRole('listitem')).toHaveCount(items.length);
  const featured = items.filter((i) => i.isFeatured);
  await expect(page.getByRole('list', { name: 'Featured content' }).getByRole('listitem')).toHaveCount(featured.length);

  for (const [tab, type] of [
    ['Meditations', 'meditation'],
    ['Techniques', 'technique'],
    ['Exercises', 'exercise'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    const expected = items.filter((i) => i.contentType === type);
    await expect(allList(page, tab).getByRole('listitem')).toHaveCount(expected.length);
    for (const item of expected.slice(0, 3))
      await expect(allList(page, tab).getByRole('button', { name: new RegExp(item.title) })).toBeVisible();
  }

  await page.getByRole('tab', { name: 'All Content' }).click();
  const search = page.getByRole('searchbox', { name: 'Search guided content' });
  // A word in a tag, a title and a description: each matches.
  await search.fill('MILD');
  const byText = items.filter((i) => [i.title, i.description, ...i.tags].some((t) => t.toLowerCase().includes('mild')));
  expect(byText.length).toBeGreaterThan(0);
  await expect(allList(page).getByRole('listitem')).toHaveCount(byText.length);
  const tagOnly = items.find((i) => i.tags.length && !i.title.toLowerCase().includes((i.tags[0] ?? '').toLowerCase()));
  if (!tagOnly?.tags[0]) throw new Error('no item with a tag to search for');
  await search.fill(tagOnly.tags[0]);
  await expect(allList(page).getByRole('button', { name: new RegExp(tagOnly.title) })).toBeVisible();

  await search.fill('no practice is called this zzqx');
  await expect(page.getByText('No content available')).toBeVisible();
  await expect(allList(page)).toHaveCount(0);
  await search.fill('');
  await expect(allList(page).getByRole('listitem')).toHaveCount(items.length);
});

test('a detail dialog opens with its Content, Background Audio and Details tabs', async ({ page, account }) => {
  void account;
  await page.goto('/guided-library');
  await allList(page)
    .getByRole('button', { name: /Lucid Dream Induction/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Lucid Dream Induction' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByTestId('practice-text').getByRole('heading').first()).toBeVisible();
  await expect(dialog.getByText(/^Rest \d/).first()).toBeVisible();

  await dialog.getByRole('tab', { name: 'Background Audio' }).click();
  const player = dialog.getByRole('region', { name: 'Background audio player' });
  await expect(player.getByLabel('Ambient track')).toBeVisible();
  await player.getByRole('button', { name: 'Play' }).click();
  await expect(player.getByTestId('player-state')).toContainText('Playing');
  // The sound goes on under the practice text.
  await dialog.getByRole('tab', { name: 'Content' }).click();
  await expect(dialog.getByTestId('practice-text')).toBeVisible();
  const playing = await dialog.getByTestId('ambient-audio').evaluate((a: HTMLAudioElement) => !a.paused);
  expect(playing).toBe(true);

  await dialog.getByRole('tab', { name: 'Details' }).click();
  await expect(dialog.getByText('15 minutes', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Beginner').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('Create Personalized Content refuses an empty focus area, generates, and remembers the last request', async ({
  page,
  account,
}) => {
  void account;
  test.slow();
  await page.goto('/guided-library');
  await page.getByRole('button', { name: 'Create Personalized Content' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Personalized Content' });
  await expect(dialog.getByLabel('Content type')).toHaveValue('meditation');
  await expect(dialog.getByLabel('Difficulty')).toHaveValue('beginner');
  await expect(dialog.getByLabel(/Duration/)).toHaveValue('15');
  const submit = dialog.getByRole('button', { name: 'Generate Content' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Focus area').fill('   ');
  await expect(submit).toBeDisabled();
  // Enter in the field does not get past the rule either.
  await dialog.getByLabel('Focus area').press('Enter');
  await expect(dialog.getByText('Please specify what you want to focus on.')).toBeVisible();
  await expect(page.getByText('Missing information', { exact: true })).toBeVisible();

  await dialog.getByLabel('Content type').selectOption('technique');
  await dialog.getByLabel('Difficulty').selectOption('advanced');
  const slider = dialog.getByLabel(/Duration/);
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveValue('25');
  await expect(dialog.getByText('Duration: 25 minutes')).toBeVisible();
  await dialog.getByLabel('Focus area').fill('Flying over a glass city');
  await dialog.getByLabel('Preferences (optional)').fill('slow breathing and no counting');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(dialog).toHaveCount(0);

  const card = page.getByRole('region', { name: 'Your Personalized Content' });
  await expect(card.getByText('Technique: Flying over a glass city')).toBeVisible();
  await card.getByRole('button', { name: 'Open practice' }).click();
  const detail = page.getByRole('dialog', { name: 'Technique: Flying over a glass city' });
  await expect(detail.getByTestId('practice-text')).toContainText('flying over a glass city');
  await expect(detail.getByTestId('practice-text')).toContainText('slow breathing and no counting');
  await detail.getByRole('tab', { name: 'Details' }).click();
  const details = detail.getByRole('tabpanel', { name: 'Details' });
  await expect(details.getByText('25 minutes', { exact: true })).toBeVisible();
  await expect(details.getByText('Advanced', { exact: true })).toBeVisible();
  await expect(details.getByText('Technique', { exact: true })).toBeVisible();
  await expect(details.getByText('Free', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.reload();
  await page.getByRole('button', { name: 'Create Personalized Content' }).click();
  const again = page.getByRole('dialog', { name: 'Create Personalized Content' });
  await expect(again.getByLabel('Content type')).toHaveValue('technique');
  await expect(again.getByLabel('Difficulty')).toHaveValue('advanced');
  await expect(again.getByLabel(/Duration/)).toHaveValue('25');
  await expect(again.getByLabel('Focus area')).toHaveValue('');
});

test('a failed generation shows the spec error toast', async ({ page, account }) => {
  void account;
  await page.route('**/api/guided-library/personalized', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service unavailable"}' }),
  );
  await page.goto('/guided-library');
  await page.getByRole('button', { name: 'Create Personalized Content' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Personalized Content' });
  await dialog.getByLabel('Focus area').fill('a quiet forest');
  await dialog.getByRole('button', { name: 'Generate Content' }).click();
  await expect(
    page.getByText('Failed to generate personalized content. Please try again.', { exact: true }),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('the ambient player loads a track, plays, pauses, seeks and mutes', async ({ page, account }) => {
  void account;
  test.slow();
  await page.goto('/guided-library');
  const player = page.getByRole('region', { name: 'Ambient music player' });
  const audio = player.getByTestId('ambient-audio');
  const state = player.getByTestId('player-state');
  await expect(state).toContainText('Ocean Waves: Idle');
  await expect(player.getByLabel(/Volume/)).toHaveValue('0.7');

  await player.getByLabel('Ambient track').selectOption({ label: 'Gentle Rain (dream)' });
  await player.getByRole('button', { name: 'Play' }).click();
  await expect(state).toContainText('Gentle Rain: Playing');
  expect(await audio.evaluate((a: HTMLAudioElement) => a.currentSrc)).toMatch(
    /\/audio\/relaxing\.mp3\?v=[0-9a-f]{10}$/,
  );
  expect(await audio.evaluate((a: HTMLAudioElement) => Math.round(a.duration))).toBe(64);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.volume)).toBeCloseTo(0.7);
  // Playing: the media element's clock moves.
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.5);

  await player.getByRole('button', { name: 'Pause' }).click();
  await expect(state).toContainText('Paused');
  const pausedAt = await audio.evaluate((a: HTMLAudioElement) => a.currentTime);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);

  await player.getByRole('button', { name: 'Forward 10 seconds' }).click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeCloseTo(pausedAt + 10, 0);
  await player.getByRole('button', { name: 'Back 10 seconds' }).click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeCloseTo(pausedAt, 0);
  // The time slider seeks too (a range request far into the file).
  await player.getByLabel('Position').fill('50');
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeCloseTo(50, 0);

  await player.getByRole('button', { name: 'Mute' }).click();
  expect(await audio.evaluate((a: HTMLAudioElement) => a.muted)).toBe(true);
  await expect(player.getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
  await player.getByRole('button', { name: 'Unmute' }).click();
  expect(await audio.evaluate((a: HTMLAudioElement) => a.muted)).toBe(false);

  // Loop is on: the element loops. Turned off, playback stops at the end.
  expect(await audio.evaluate((a: HTMLAudioElement) => a.loop)).toBe(true);
  await player.getByRole('button', { name: 'Loop' }).click();
  expect(await audio.evaluate((a: HTMLAudioElement) => a.loop)).toBe(false);
  await player.getByLabel('Position').fill('58');
  await player.getByRole('button', { name: 'Play' }).click();
  // It was paused before: wait for it to play, then for the end, so a stale "Paused" cannot pass.
  await expect(state).toContainText('Playing');
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.ended), { timeout: 15_000 }).toBe(true);
  await expect(state).toContainText('Paused');

  // The lock screen knows the track.
  expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe('Gentle Rain');

  // The sleep timer counts down.
  await player.getByLabel(/Sleep timer/).selectOption('15');
  await expect(player.getByTestId('sleep-left')).toContainText(/stops in 1[45]:\d\d/);
});

test('the audio files are served with a version, long caching and byte ranges', async ({ request }) => {
  const whole = await request.get('/audio/ambient1.mp3?v=abc123');
  expect(whole.status()).toBe(200);
  expect(whole.headers()['content-type']).toBe('audio/mpeg');
  expect(whole.headers()['accept-ranges']).toBe('bytes');
  expect(whole.headers()['cache-control']).toContain('immutable');
  const size = Number(whole.headers()['content-length']);
  expect(size).toBeGreaterThan(100_000);

  const unversioned = await request.get('/audio/ambient1.mp3');
  expect(unversioned.headers()['cache-control']).toBe('no-cache');

  const part = await request.get('/audio/ambient1.mp3', { headers: { Range: 'bytes=1000-1999' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-range']).toBe(`bytes 1000-1999/${size}`);
  expect((await part.body()).equals((await whole.body()).subarray(1000, 2000))).toBe(true);

  for (const file of ['ambient2.mp3', 'ambient3.mp3', 'meditation.mp3', 'relaxing.mp3']) {
    expect((await request.head(`/audio/${file}`)).status(), file).toBe(200);
  }
});

test('the page and its dialogs pass axe, and the player works from the keyboard', async ({ page, account }) => {
  void account;
  test.slow();
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const audit = async (where: string, include?: string) => {
    let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
    if (include) builder = builder.include(include);
    const { violations } = await builder.analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      where,
    ).toEqual([]);
  };
  await page.goto('/guided-library');
  await expect(allList(page).getByRole('listitem').first()).toBeVisible();
  await audit('guided library');

  // Keyboard: reach Play and start the sound with Enter.
  const player = page.getByRole('region', { name: 'Ambient music player' });
  await player.getByLabel('Ambient track').focus();
  // Back 10 seconds is disabled until a track is loaded: the next stop is Play.
  await page.keyboard.press('Tab');
  await expect(player.getByRole('button', { name: 'Play' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(player.getByTestId('player-state')).toContainText('Playing');
  await page.keyboard.press('Enter');
  await expect(player.getByTestId('player-state')).toContainText('Paused');

  await allList(page)
    .getByRole('button', { name: /Lucid Dream Induction/ })
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit('detail dialog', '[role="dialog"]');
  await page.getByRole('dialog').getByRole('tab', { name: 'Background Audio' }).click();
  await audit('detail dialog, audio tab', '[role="dialog"]');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Create Personalized Content' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit('personalized dialog', '[role="dialog"]');
});

test('the sleep timer fades the sound out and pauses it', async ({ page, account }) => {
  void account;
  test.slow();
  await page.clock.install();
  await page.goto('/guided-library');
  const player = page.getByRole('region', { name: 'Ambient music player' });
  const audio = player.getByTestId('ambient-audio');
  await player.getByRole('button', { name: 'Play' }).click();
  await expect(player.getByTestId('player-state')).toContainText('Playing');
  await player.getByLabel(/Sleep timer/).selectOption('15');
  const shown = (await player.getByTestId('sleep-left').textContent()) ?? '';
  const [, mm = '0', ss = '0'] = /stops in (\d+):(\d\d)/.exec(shown) ?? [];
  const left = Number(mm) * 60 + Number(ss);
  expect(left).toBeGreaterThan(14 * 60);

  // 15 s before the end: halfway through the 30 s fade.
  await page.clock.fastForward((left - 15) * 1000);
  await expect(player.getByTestId('sleep-left')).toContainText(/stops in 0:(1\d|0\d)/);
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.volume)).toBeLessThan(0.4);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);

  await page.clock.fastForward(20_000);
  await expect(player.getByTestId('player-state')).toContainText('Paused');
  expect(await audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
  // The timer is off again and the chosen volume is back for the next time.
  await expect(player.getByLabel(/Sleep timer/)).toHaveValue('0');
  expect(await audio.evaluate((a: HTMLAudioElement) => a.volume)).toBeCloseTo(0.7);
});

test('a track that fails to load is only logged: the player goes back to idle', async ({ page, account }) => {
  void account;
  const logged: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') logged.push(m.text());
  });
  await page.route('**/audio/ambient3.mp3*', (route) => route.fulfill({ status: 404, body: 'missing' }));
  await page.goto('/guided-library');
  const player = page.getByRole('region', { name: 'Ambient music player' });
  await player.getByLabel('Ambient track').selectOption({ label: 'Flowing Stream (meditation)' });
  await player.getByRole('button', { name: 'Play' }).click();
  await expect(player.getByTestId('player-state')).toContainText('Flowing Stream: Idle');
  await expect.poll(() => logged.some((t) => t.includes('Ambient audio'))).toBe(true);
  // Nothing is shown to the user.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('[data-state="open"][role="status"]')).toHaveCount(0);
});
