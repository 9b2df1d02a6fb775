import type { Page } from '@playwright/test';
import { createDream, expect, test } from './fixtures';

/** Makes the dream list call fail (500 or no connection) until the returned switch is turned off. */
async function breakDreamList(page: Page, how: 'server-error' | 'offline') {
  let broken = true;
  await page.route('**/api/dreams/recent?*', async (route) => {
    if (!broken) return route.continue();
    if (how === 'offline') return route.abort('internetdisconnected');
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Something went wrong on our side. Please try again.' }),
    });
  });
  return () => {
    broken = false;
  };
}

test('Home always offers "Record a dream", on a phone too, and the new dream is listed first', async ({
  page,
  account,
}) => {
  void account;
  await page.setViewportSize({ width: 390, height: 844 });
  await createDream(page, { title: 'An older dream', date: '2025-03-01T12:00:00.000Z' });
  await page.goto('/');
  await expect(page.getByRole('article', { name: 'An older dream' })).toBeVisible();
  const record = page.getByRole('button', { name: 'Record a dream' });
  await expect(record).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await record.click();
  const dialog = page.getByRole('dialog', { name: 'Record a Dream' });
  await dialog.getByLabel('Title').fill('Straight from Home');
  await dialog.getByLabel('Dream description').fill('I wrote this without leaving the home page.');
  await dialog.getByRole('button', { name: 'Save Dream' }).click();
  await expect(dialog).toBeHidden();
  const cards = page.getByRole('list', { name: 'Recent dreams' }).getByRole('article');
  await expect(cards.first()).toHaveAccessibleName('Straight from Home');
  await expect(cards.nth(1)).toHaveAccessibleName('An older dream');
  await expect(page).toHaveURL(/\/$/);
});

test('/journal?new=1 opens the new-dream dialog; closing it drops the parameter, so reload and Back do not reopen it', async ({
  page,
  account,
}) => {
  void account;
  await page.goto('/');
  await page.goto('/journal?new=1');
  const dialog = page.getByRole('dialog', { name: 'Record a Dream' });
  await expect(dialog).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/journal$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dream Journal' })).toBeVisible();
  await expect(dialog).toBeHidden();
  // The address was replaced, not pushed: Back leaves the Journal.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test('saving from the dialog /journal?new=1 opened also drops the parameter', async ({ page, account }) => {
  void account;
  await page.goto('/journal?new=1');
  const dialog = page.getByRole('dialog', { name: 'Record a Dream' });
  await dialog.getByLabel('Title').fill('Opened from a shortcut');
  await dialog.getByLabel('Dream description').fill('A home-screen shortcut brought me here.');
  await dialog.getByRole('button', { name: 'Save Dream' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: 'Opened from a shortcut' })).toBeVisible();
  await expect(page).toHaveURL(/\/journal$/);
});

test('a failed dream list says what failed with a Retry on Journal and Home, never "empty"', async ({
  page,
  account,
}) => {
  void account;
  await createDream(page, { title: 'Still here', narrative: 'A dream that was never lost.' });

  let repair = await breakDreamList(page, 'server-error');
  await page.goto('/journal');
  const journalError = page.getByRole('alert').filter({ hasText: 'Your dreams could not be loaded' });
  await expect(journalError).toBeVisible();
  await expect(journalError).toContainText('The server answered 500: Something went wrong on our side.');
  await expect(page.getByText('Your journal is empty')).toHaveCount(0);
  repair();
  await journalError.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('article', { name: 'Still here' })).toBeVisible();
  await expect(journalError).toHaveCount(0);

  await page.unrouteAll();
  repair = await breakDreamList(page, 'offline');
  await page.goto('/');
  const homeError = page.getByRole('alert').filter({ hasText: 'Your recent dreams could not be loaded' });
  await expect(homeError).toBeVisible();
  await expect(homeError).toContainText('The server could not be reached.');
  await expect(page.getByText('No dreams recorded yet', { exact: false })).toHaveCount(0);
  repair();
  await homeError.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('article', { name: 'Still here' })).toBeVisible();
});
