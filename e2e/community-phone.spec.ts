// Runs in the `phone` project only (390 × 844, touch): the community pages and the admin dashboard,
// with long words in shared content, fit the screen with their main button on it.
import { createDream, expect, signInAsSuperAdmin, test } from './fixtures';
import { checkPage } from './phone-checks';

const LONG_WORD = 'Hippopotomonstrosesquippedaliophobia'.repeat(3);

test('the feed, a shared dream, the share dialog and the admin dashboard fit a phone', async ({
  page,
  account: _account,
}) => {
  test.slow();
  const dream = await createDream(page, {
    title: `Phone ${LONG_WORD}`.slice(0, 200),
    narrative: `${LONG_WORD} `.repeat(20),
  });
  const shared = await page.request.post('/api/social/share-dream', {
    data: {
      dreamId: dream.id,
      title: dream.title,
      content: `${LONG_WORD} `.repeat(20),
      interpretation: LONG_WORD,
      tags: [LONG_WORD.slice(0, 40)],
    },
  });
  expect(shared.status()).toBe(201);
  const id = ((await shared.json()) as { sharedDream: { id: number } }).sharedDream.id;
  await page.request.post('/api/social/comments', { data: { sharedDreamId: id, content: LONG_WORD } });

  await page.goto('/social-feed');
  await expect(page.getByRole('heading', { name: 'Dream Community' })).toBeVisible();
  await expect(page.getByTestId('shared-dream-card').first()).toBeVisible();
  await checkPage(page, '/social-feed', page.getByRole('button', { name: 'Share a Dream' }));

  await page.getByRole('button', { name: 'Share a Dream' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share a Dream' });
  await expect(dialog.getByRole('radio').first()).toBeAttached();
  await checkPage(page, 'Share a Dream dialog', dialog.getByRole('button', { name: 'Share', exact: true }));
  await page.keyboard.press('Escape');

  await page.goto(`/shared-dream/${id}`);
  await expect(page.getByRole('heading', { name: 'Comments' })).toBeVisible();
  await checkPage(page, '/shared-dream/:id', page.getByRole('button', { name: 'Post Comment' }));

  await page.context().clearCookies();
  await signInAsSuperAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Total Users')).toBeVisible();
  await checkPage(page, '/admin', page.getByRole('link', { name: 'Back to App' }));
  for (const tab of ['User Management', 'System', 'Moderation']) {
    await page.getByRole('tab', { name: tab }).click();
    await page.waitForLoadState('networkidle');
    await checkPage(page, `/admin ${tab}`, page.getByRole('tab', { name: tab }));
  }
});
