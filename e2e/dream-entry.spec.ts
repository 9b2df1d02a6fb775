import type { Page } from '@playwright/test';
import { MSG } from '../common/messages';
import { createDream, expect, test } from './fixtures';

/** "Jan 5, 2025" for a moment, in the browser's (and this machine's) time zone. */
const usShort = (date: Date) => date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

async function dreamById(page: Page, id: number) {
  const res = await page.request.get(`/api/dreams/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { title: string; date: string; timePeriod: string | null };
}

async function countDreams(page: Page, title: string): Promise<number> {
  const res = await page.request.get('/api/dreams');
  const all = (await res.json()) as Array<{ title: string }>;
  return all.filter((d) => d.title === title).length;
}

test('a dream with a time period shows its period, never a made-up date; Unknown Time only for unknown', async ({
  page,
  account,
}) => {
  void account;
  const today = usShort(new Date());
  const childhood = await createDream(page, {
    title: 'Grandmother’s garden',
    narrative: 'Bees the size of cats hummed over the beans.',
    date: '2026-01-10T08:00:00.000Z',
    timePeriod: 'early_childhood',
  });
  const exact = await createDream(page, {
    title: 'The January tram',
    narrative: 'A tram with no driver took me to the sea.',
    date: '2025-01-05T12:00:00.000Z',
  });
  const unknown = await createDream(page, {
    title: 'Somewhere, sometime',
    narrative: 'A door in a field.',
    timePeriod: 'unknown',
  });

  await page.goto('/journal');
  const childhoodCard = page.getByRole('article', { name: 'Grandmother’s garden' });
  await expect(childhoodCard.getByText('Early Childhood', { exact: true })).toBeVisible();
  await expect(childhoodCard.getByText('Recorded Today', { exact: true })).toBeVisible();
  await expect(childhoodCard.getByText('Today', { exact: true })).toHaveCount(0);
  const exactCard = page.getByRole('article', { name: 'The January tram' });
  await expect(exactCard.getByText('Jan 5, 2025', { exact: true })).toBeVisible();
  await expect(exactCard.getByText('Unknown Time')).toHaveCount(0);
  await expect(
    page.getByRole('article', { name: 'Somewhere, sometime' }).getByText('Unknown Time', { exact: true }),
  ).toBeVisible();

  await page.goto('/');
  await expect(
    page.getByRole('article', { name: 'Grandmother’s garden' }).getByText('Early Childhood', { exact: true }),
  ).toBeVisible();

  // Detail pages: the period with the recording date; a dated dream in US short form, no period label.
  await page.goto(`/dream/${childhood.id}`);
  await expect(page.getByRole('heading', { name: 'Grandmother’s garden' })).toBeVisible();
  await expect(page.getByText(`Early Childhood · Recorded ${today}`, { exact: true })).toBeVisible();
  await expect(page.getByText('Jan 10, 2026')).toHaveCount(0);

  await page.goto(`/dream/${exact.id}`);
  await expect(page.getByRole('heading', { name: 'The January tram' })).toBeVisible();
  await expect(page.getByText('Jan 5, 2025', { exact: true })).toBeVisible();
  await expect(page.getByText('Unknown Time')).toHaveCount(0);
  // The recording date in the Details card: US short form too.
  await expect(page.getByText(today, { exact: true })).toBeVisible();

  await page.goto(`/dream/${unknown.id}`);
  await expect(page.getByText(`Unknown Time · Recorded ${today}`, { exact: true })).toBeVisible();
});

test('editing only the title keeps the date of a dream with a period and of a dated one', async ({ page, account }) => {
  void account;
  const today = usShort(new Date());
  const childhood = await createDream(page, {
    title: 'Grandmother’s garden',
    narrative: 'Bees the size of cats hummed over the beans.',
    date: '2026-01-10T08:00:00.000Z',
    timePeriod: 'early_childhood',
  });
  const exact = await createDream(page, {
    title: 'The January tram',
    narrative: 'A tram with no driver took me to the sea.',
    date: '2025-01-05T12:00:00.000Z',
  });

  await page.goto(`/dream/${childhood.id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Dream' });
  await expect(edit.getByLabel("I don't remember the exact date")).toBeChecked();
  await edit.getByLabel('Title').fill('Grandmother’s garden, again');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Dream updated', { exact: true })).toBeVisible();
  const edited = await dreamById(page, childhood.id);
  expect(edited.title).toBe('Grandmother’s garden, again');
  expect(edited.date).toBe('2026-01-10T08:00:00.000Z');
  expect(edited.timePeriod).toBe('early_childhood');
  await expect(page.getByRole('heading', { name: 'Grandmother’s garden, again' })).toBeVisible();
  await expect(page.getByText(`Early Childhood · Recorded ${today}`, { exact: true })).toBeVisible();

  await page.goto(`/dream/${exact.id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const editExact = page.getByRole('dialog', { name: 'Edit Dream' });
  await editExact.getByLabel('Title').fill('The January tram, later');
  await editExact.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('heading', { name: 'The January tram, later' })).toBeVisible();
  expect((await dreamById(page, exact.id)).date).toBe('2025-01-05T12:00:00.000Z');
});

test('the interpretation header gives its date in US short form', async ({ page, account }) => {
  void account;
  const dream = await createDream(page, {
    title: 'Lantern market',
    narrative: 'I bought a paper lantern that glowed brighter each time I felt calm.',
  });
  await page.goto(`/dream/${dream.id}`);
  await page.getByRole('button', { name: 'Generate Interpretation' }).click();
  await expect(page.getByText('Interpretation generated', { exact: true })).toBeVisible();
  await expect(page.locator('[aria-labelledby="interpretation-heading"]')).toContainText(
    `${usShort(new Date())} · Offline dream engine`,
  );
});

test('any field typed in is a draft that survives closing the dialog and a reload', async ({ page, account }) => {
  test.slow(); // several reloads: give a loaded machine room
  void account;
  await page.goto('/journal');
  await page.getByRole('button', { name: 'New Entry' }).click();
  let dialog = page.getByRole('dialog', { name: 'Record a Dream' });
  await dialog.getByLabel('Dream description').fill('Only the narrative: a whale sang in the attic.');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.reload();
  await page.getByRole('button', { name: 'New Entry' }).click();
  dialog = page.getByRole('dialog', { name: 'Record a Dream' });
  await expect(dialog.getByText('Your unsaved draft was restored.')).toBeVisible();
  await expect(dialog.getByLabel('Dream description')).toHaveValue('Only the narrative: a whale sang in the attic.');
  await expect(dialog.getByLabel('Title')).toHaveValue('');

  // A tag alone is a draft too.
  await dialog.getByLabel('Dream description').fill('');
  const tags = dialog.getByRole('combobox', { name: 'Tags' });
  await tags.fill('attic');
  await tags.press('Enter');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await page.getByRole('button', { name: 'New Entry' }).click();
  dialog = page.getByRole('dialog', { name: 'Record a Dream' });
  await expect(dialog.getByRole('button', { name: 'Remove tag attic' })).toBeVisible();
  await expect(dialog.getByLabel('Dream description')).toHaveValue('');

  // Emptying every field leaves no draft behind.
  await dialog.getByRole('button', { name: 'Remove tag attic' }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await page.getByRole('button', { name: 'New Entry' }).click();
  dialog = page.getByRole('dialog', { name: 'Record a Dream' });
  await expect(dialog.getByLabel('Title')).toBeVisible();
  await expect(dialog.getByText('Your unsaved draft was restored.')).toHaveCount(0);
});

test('a too long title gets its own message, and the refused draft is kept', async ({ page, account }) => {
  test.slow(); // several reloads: give a loaded machine room
  void account;
  const longTitle = `A very long title ${'x'.repeat(187)}`;
  expect(longTitle).toHaveLength(205);
  await page.goto('/journal');
  await page.getByRole('button', { name: 'New Entry' }).click();
  let dialog = page.getByRole('dialog', { name: 'Record a Dream' });
  await dialog.getByLabel('Title').fill(longTitle);
  await dialog.getByLabel('Dream description').fill('The lift kept going up past the roof.');
  await dialog.getByRole('button', { name: 'Save Dream' }).click();
  // The open dialog hides the rest of the page from the accessibility tree, so the toast is found by its markup.
  const toast = page.locator('li[data-state="open"]', { hasText: 'Validation Error' });
  await expect(toast).toContainText(MSG.titleTooLong);
  await expect(toast).not.toContainText(MSG.dreamFieldsMissing);

  // The over-long title is still the user's draft after a reload.
  await page.reload();
  await page.getByRole('button', { name: 'New Entry' }).click();
  dialog = page.getByRole('dialog', { name: 'Record a Dream' });
  await expect(dialog.getByLabel('Title')).toHaveValue(longTitle);

  // Empty fields keep the spec's message.
  await dialog.getByLabel('Dream description').fill('');
  await dialog.getByRole('button', { name: 'Save Dream' }).click();
  await expect(toast).toContainText(MSG.dreamFieldsMissing);

  // A too long description names its own limit as well.
  await dialog.getByLabel('Title').fill('The endless lift');
  await dialog.getByLabel('Dream description').fill('y'.repeat(20_001));
  await dialog.getByRole('button', { name: 'Save Dream' }).click();
  await expect(toast).toContainText(MSG.narrativeTooLong);
  await expect(toast).not.toContainText(MSG.dreamFieldsMissing);
});

test('a save that fails offline says why and keeps the draft', async ({ page, context, account }) => {
  test.slow(); // several reloads: give a loaded machine room
  void account;
  await page.goto('/journal');
  await page.getByRole('button', { name: 'New Entry' }).click();
  let dialog = page.getByRole('dialog', { name: 'Record a Dream' });
  await dialog.getByLabel('Title').fill('The endless lift');
  await dialog.getByLabel('Dream description').fill('The lift kept going up past the roof.');
  await context.setOffline(true);
  await dialog.getByRole('button', { name: 'Save Dream' }).click();
  await expect(page.getByText('Failed to save dream', { exact: true })).toBeVisible();
  await expect(page.getByText(MSG.saveUnreachable, { exact: true })).toBeVisible();
  await context.setOffline(false);
  await page.reload();
  await page.getByRole('button', { name: 'New Entry' }).click();
  dialog = page.getByRole('dialog', { name: 'Record a Dream' });
  await expect(dialog.getByLabel('Title')).toHaveValue('The endless lift');
  await expect(dialog.getByLabel('Dream description')).toHaveValue('The lift kept going up past the roof.');
  await dialog.getByRole('button', { name: 'Save Dream' }).click();
  await expect(page.getByText('Dream recorded', { exact: true })).toBeVisible();
  expect(await countDreams(page, 'The endless lift')).toBe(1);
});

test('a double click records one dream, and a retry after a lost answer reuses the Idempotency-Key', async ({
  page,
  account,
}) => {
  void account;
  const keys: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/dreams') {
      keys.push(request.headers()['idempotency-key'] ?? '');
    }
  });
  await page.goto('/journal');
  await page.getByRole('button', { name: 'New Entry' }).click();
  let dialog = page.getByRole('dialog', { name: 'Record a Dream' });
  await dialog.getByLabel('Title').fill('Two clicks');
  await dialog.getByLabel('Dream description').fill('I knocked twice on a door that was already open.');
  // Two clicks in the same task, before the page can re-render.
  await dialog.getByRole('button', { name: 'Save Dream' }).evaluate((button: HTMLElement) => {
    button.click();
    button.click();
  });
  await expect(page.getByText('Dream recorded', { exact: true })).toBeVisible();
  expect(await countDreams(page, 'Two clicks')).toBe(1);
  expect(keys).toHaveLength(1);
  expect(keys[0]).toMatch(/^"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"$/);

  // The first save reaches the server but its answer is lost; saving again sends the same key.
  let lost = false;
  await page.route('**/api/dreams', async (route) => {
    if (route.request().method() !== 'POST' || lost) return route.fallback();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'New Entry' }).click();
  dialog = page.getByRole('dialog', { name: 'Record a Dream' });
  await dialog.getByLabel('Title').fill('Lost answer');
  await dialog.getByLabel('Dream description').fill('A letter came back unopened.');
  await dialog.getByRole('button', { name: 'Save Dream' }).click();
  await expect(page.getByText('Failed to save dream', { exact: true })).toBeVisible();
  expect(await countDreams(page, 'Lost answer')).toBe(1);
  await dialog.getByRole('button', { name: 'Save Dream' }).click();
  await expect(page.getByText('Dream recorded', { exact: true })).toBeVisible();
  expect(await countDreams(page, 'Lost answer')).toBe(1);
  expect(keys).toHaveLength(3);
  expect(keys[2]).toBe(keys[1]);
  expect(keys[1]).not.toBe(keys[0]);
});
