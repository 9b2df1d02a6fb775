import { expect as baseExpect, type Locator, type Page } from '@playwright/test';
import { canvasFrames, createDream, expect, test } from './fixtures';

test.use({ timezoneId: 'UTC' });

/** A UTC date `n` days before today, at 00:00:30 (never in the future). */
function daysAgo(n: number): string {
  const d = new Date(Date.now() - n * 24 * 60 * 60 * 1000);
  return `${d.toISOString().slice(0, 10)}T00:00:30Z`;
}

/** Clicks a choice's visible card (its radio is visually hidden), as a pointer user does. */
async function pick(dialog: Locator, name: string | RegExp) {
  const radio = dialog.getByRole('radio', { name });
  await dialog.locator('label', { has: dialog.page().getByRole('radio', { name }) }).click();
  await expect(radio).toBeChecked();
}

async function panel(page: Page, name: string) {
  const heading = page.getByRole('heading', { name, exact: true });
  await expect(heading).toBeVisible();
  return page.locator('section', { has: heading });
}

test.describe('Insights', () => {
  test('a visitor gets the sign-in prompt', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/insights');
    await expect(page.getByRole('link', { name: 'Log in' }).last()).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    await context.close();
  });

  test('an empty journal: every panel renders its empty state', async ({ page, account }) => {
    void account;
    await page.goto('/insights');
    await expect(page.getByRole('heading', { name: 'Dream Insights', level: 1 })).toBeVisible();
    await expect(await panel(page, 'Most Common Tags')).toContainText('No tags recorded yet');
    const stats = await panel(page, 'Dream Journey Statistics');
    await expect(stats).toContainText('Start your streak today!');
    await expect(stats.getByRole('meter', { name: 'Current dream streak' })).toHaveAttribute('aria-valuenow', '0');
    await expect(await panel(page, 'Lucid Dream Frequency')).toContainText('No lucid dreams recorded yet');
    await expect(await panel(page, 'Recent AI Interpretation')).toContainText('No interpretations yet');
    await expect(await panel(page, 'On this day')).toContainText('No dreams from this date');
    await expect(await panel(page, 'Dream Calendar')).toContainText('0 dreams in 12 weeks');
  });

  test('with data: tags, chart table, stats with the streak bar, calendar, interpretation', async ({
    page,
    account,
  }) => {
    test.slow();
    void account;
    // Three days in a row ending today; lucid twice; tags with a clear order.
    await createDream(page, {
      title: 'Flying over the sea',
      narrative: 'I flew over a calm sea at night.',
      tags: ['lucid', 'flying', 'sea'],
      date: daysAgo(0),
    });
    await createDream(page, {
      title: 'The sea again',
      narrative: 'The sea rose into the sky.',
      tags: ['sea', 'lucid'],
      date: daysAgo(1),
    });
    await createDream(page, {
      title: 'Library of doors',
      narrative: 'Every door in the library opened onto the sea.',
      tags: ['sea', 'doors'],
      date: daysAgo(2),
    });
    const intention = await page.request.post('/api/intentions', { data: { text: 'Notice the sea' } });
    expect(intention.status()).toBe(201);
    const { id } = (await intention.json()) as { id: number };
    expect((await page.request.patch(`/api/intentions/${id}`, { data: { completed: true } })).status()).toBe(200);

    await page.goto('/insights');
    const tags = await panel(page, 'Most Common Tags');
    await expect(tags.getByRole('listitem')).toHaveCount(4);
    await expect(tags.getByRole('listitem').first()).toContainText('#sea');
    await expect(tags.getByRole('listitem').first()).toContainText('3 dreams');

    const stats = await panel(page, 'Dream Journey Statistics');
    await expect(stats).toContainText('Keep going!');
    await expect(stats.getByRole('meter', { name: 'Current dream streak' })).toHaveAttribute('aria-valuenow', '3');
    await expect(stats.locator('[data-filled]')).toHaveCount(3);
    await expect(stats.getByText('Dreams Recorded').locator('..')).toContainText('3');
    await expect(stats.getByText('Intention Success').locator('..')).toContainText('100%');

    const lucid = await panel(page, 'Lucid Dream Frequency');
    await expect(lucid.getByTestId('lucid-chart').locator('.recharts-bar-rectangle').first()).toBeAttached();
    await lucid.getByText('Show as table').click();
    const rows = lucid.getByRole('row');
    await expect(rows).toHaveCount(8);
    const total = await lucid
      .locator('tbody td')
      .allInnerTexts()
      .then((cells) => cells.reduce((sum, c) => sum + Number(c), 0));
    baseExpect(total).toBe(2);

    // The calendar: one tab stop, arrow keys move by day, each day's count in its name.
    const calendar = await panel(page, 'Dream Calendar');
    await expect(calendar).toContainText('3 dreams in 12 weeks');
    const today = calendar.locator('[role="gridcell"][tabindex="0"]');
    await today.focus();
    await expect(today).toHaveAttribute('aria-label', /: 1 dream$/);
    await page.keyboard.press('ArrowLeft');
    await expect(calendar.locator('[role="gridcell"]:focus')).toHaveAttribute('aria-label', /: 0 dreams$/);
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowUp');
    await expect(calendar.locator('[role="gridcell"]:focus')).toHaveAttribute('aria-label', /: 1 dream$/);

    // Recent interpretation: generate one, then the panel shows it with the link to its dream.
    const reading = await panel(page, 'Recent AI Interpretation');
    await reading.getByRole('button', { name: 'Generate new interpretation' }).click();
    await expect(reading.getByRole('link', { name: 'View full dream' })).toBeVisible({ timeout: 60_000 });
    const href = await reading.getByRole('link', { name: 'View full dream' }).getAttribute('href');
    expect(href).toMatch(/^\/dream\/\d+$/);
  });
});

test.describe('Profile', () => {
  test('shows the account, statistics and top tags; Back goes home', async ({ page, account }) => {
    await createDream(page, { title: 'A tagged dream', narrative: 'Stairs going down.', tags: ['stairs', 'night'] });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: account.username, level: 1 })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    await expect(page.getByText(/Member since \w+ \d{4}/)).toBeVisible();
    await expect(page.getByRole('img', { name: `${account.username}'s marble avatar` }).first()).toBeVisible();
    const stats = await panel(page, 'Statistics');
    await expect(stats.getByText('Total Dreams').locator('..')).toContainText('1');
    const tags = await panel(page, 'Your Top Tags');
    await expect(tags.getByRole('listitem')).toHaveCount(2);
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('edit profile: a wrong current password is refused; a new username shows in the header', async ({
    page,
    account,
  }) => {
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    const newName = `${account.username.slice(0, 20)}_new`;
    await dialog.getByLabel('Username').fill(newName);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Current password is required to make changes')).toBeVisible();

    await dialog.getByLabel('Current password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Current password is incorrect')).toBeVisible();
    await expect(page.getByText('Error updating profile').first()).toBeVisible();

    await dialog.getByLabel('Current password').fill(account.password);
    await dialog.getByLabel('New password (optional)').fill('another-pass-1');
    await dialog.getByLabel('Confirm new password').fill('another-pass-2');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('New passwords do not match')).toBeVisible();
    // Cleared fields must read empty before saving (on a loaded machine the form may still be
    // re-rendering from the failed submit when the first clear lands).
    await expect(async () => {
      await dialog.getByLabel('New password (optional)').fill('');
      await dialog.getByLabel('Confirm new password').fill('');
      await expect(dialog.getByLabel('New password (optional)')).toHaveValue('', { timeout: 1_000 });
      await expect(dialog.getByLabel('Confirm new password')).toHaveValue('', { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });

    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: newName, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: `Account menu for ${newName}` })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: `Account menu for ${newName}` })).toBeVisible();
  });

  test('customise the marble: cancel discards, save persists after reload', async ({ page, account }) => {
    void account;
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Customize Marble' }).click();
    let dialog = page.getByRole('dialog', { name: 'Customize Marble' });
    const preview = dialog.getByRole('img', { name: 'Preview of your marble' });
    await expect(preview).toHaveAttribute('data-marble', 'swirl');
    // Keyboard: focus the checked type and move with the arrow keys (a native radio group).
    await dialog.getByRole('radio', { name: /^Swirl:/ }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(dialog.getByRole('radio', { name: /^Galaxy:/ })).toBeChecked();
    await expect(preview).toHaveAttribute('data-marble', 'galaxy');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // Reopening starts from the saved marble.
    await page.getByRole('button', { name: 'Customize Marble' }).click();
    dialog = page.getByRole('dialog', { name: 'Customize Marble' });
    await expect(dialog.getByRole('radio', { name: /^Swirl:/ })).toBeChecked();
    await pick(dialog, /^Tiger:/);
    await pick(dialog, 'Amber');
    await pick(dialog, /^Stripes:/);
    await pick(dialog, 'Glow colour #5EEAD4');
    await dialog.getByRole('button', { name: 'Save Marble' }).click();
    await expect(dialog).toBeHidden();

    await page.reload();
    await expect(page.locator('canvas[data-marble="tiger"]').first()).toBeVisible();
    const me = (await (await page.request.get('/api/auth/me')).json()) as Record<string, string>;
    expect(me).toMatchObject({
      avatarElement: 'tiger',
      avatarColor: '#FFB300',
      avatarSymbol: 'stripes',
      eyeColor: '#5EEAD4',
    });
    await page.getByRole('button', { name: 'Customize Marble' }).click();
    await expect(page.getByRole('dialog').getByRole('radio', { name: /^Tiger:/ })).toBeChecked();
  });
});

/** Two snapshots of the profile's marble, 30 frames apart. */
const marbleFrames = (page: Page) => canvasFrames(page, 'main canvas[data-marble]');

test('the marble turns, and stands still under prefers-reduced-motion', async ({ page, account }) => {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: account.username, level: 1 })).toBeVisible();
  const [a, b] = await marbleFrames(page);
  expect(a).not.toBe(b);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await expect(page.getByRole('heading', { name: account.username, level: 1 })).toBeVisible();
  const [c, d] = await marbleFrames(page);
  expect(c).toBe(d);
});
