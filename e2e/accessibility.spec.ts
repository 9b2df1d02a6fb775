import type { Page } from '@playwright/test';
import { canvasFrames, expect, test } from './fixtures';

/** A fingerprint of the starfield canvas after the browser has painted a few more frames. */
const starfieldFrames = (page: Page) => canvasFrames(page, '[data-testid="starfield"]');

test('the starfield twinkles, and stands still under prefers-reduced-motion', async ({ page }) => {
  await page.goto('/landing');
  const [a, b] = await starfieldFrames(page);
  expect(a).not.toBe(b);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  const [c, d] = await starfieldFrames(page);
  expect(c).toBe(d);
});

test('keyboard only: skip link, account menu, dream dialog', async ({ page, account }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: `Welcome back, ${account.username}` })).toBeVisible();
  // The account menu is its own chunk: wait until it has replaced the plain avatar.
  await expect(page.getByRole('button', { name: `Account menu for ${account.username}` })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: /Dream\s+Traveler/ })).toBeFocused();
  await page.keyboard.press('Tab');
  const menuButton = page.getByRole('button', { name: `Account menu for ${account.username}` });
  await expect(menuButton).toBeFocused();
  await page.keyboard.press('Enter');
  // Opening from the keyboard focuses the first item.
  await expect(page.getByRole('menuitem', { name: 'Journal' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/journal$/);

  await page.getByRole('button', { name: 'New Entry' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Record a Dream' });
  await expect(dialog.getByLabel('Title')).toBeFocused();
  await page.keyboard.type('Typed by keyboard');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Every field reachable without a mouse.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'New Entry' })).toBeFocused();
});

test('F8 moves focus to the notifications region', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  // The notification region is loaded lazily; F8 is bound once it is there.
  await expect(page.getByRole('region', { name: /Notifications/ })).toBeAttached();
  await page.keyboard.press('F8');
  await expect(page.getByRole('region', { name: /Notifications/ }).getByRole('list')).toBeFocused();
});
