import { expect, test } from './fixtures';

test('a visitor gets the static landing page: no app script, working links and keyboard, the app prefetched at idle', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  const res = await page.goto('/landing');
  expect(res?.status()).toBe(200);
  const html = (await res?.text()) ?? '';
  expect(html).toContain('Explore the worlds you visit');
  expect(html).not.toMatch(/<script[^>]+src="\/assets\/index-/);
  await expect(page.getByRole('link', { name: 'Create Account' })).toBeVisible();

  // Once idle, the app's scripts are fetched into the cache (not run) for the next page.
  await expect.poll(() => page.locator('link[rel="prefetch"]').count()).toBeGreaterThan(0);
  const prefetched = await page
    .locator('link[rel="prefetch"]')
    .evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
  expect(prefetched.some((href) => /^\/assets\/index-.*\.js$/.test(href))).toBe(true);
  // What ran: the landing page's own script and the starfield, nothing of the app.
  expect(scripts.length).toBeGreaterThan(0);
  for (const src of scripts) expect(src).toMatch(/^\/assets\/(landing-boot|starfield-engine)-/);
  await expect(page.getByRole('region', { name: /Notifications/ })).toHaveCount(0);

  // Keyboard: the skip link first, then the brand, then Login.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: /Dream\s+Traveler/ })).toBeFocused();

  // The build's manifest was only for the prerender: it is not served.
  const manifest = await page.request.get('/.vite/manifest.json');
  expect(manifest.headers()['content-type']).not.toContain('application/json');

  await page.getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
});

test('a signed-in user opening /landing gets the app, with their account menu', async ({ page, account }) => {
  const res = await page.goto('/landing');
  expect(await res?.text()).toMatch(/<script[^>]+src="\/assets\/index-/);
  await expect(page.getByRole('heading', { name: /Explore the worlds you visit/ })).toBeVisible();
  await expect(page.getByRole('button', { name: `Account menu for ${account.username}` })).toBeVisible();
});
