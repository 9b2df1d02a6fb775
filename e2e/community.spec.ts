import type { APIRequestContext, Page } from '@playwright/test';
import {
  buildAccount,
  createDream,
  expect,
  signInAsSuperAdmin,
  signUpViaApi,
  test,
  type TestAccount,
} from './fixtures';

/** Shares a dream through the API as the page's user; returns the shared dream's id. */
async function shareViaApi(
  request: APIRequestContext,
  input: { title: string; content?: string; isAnonymous?: boolean },
): Promise<number> {
  const dream = await request.post('/api/dreams', {
    data: { title: input.title, narrative: input.content ?? 'A river of glass under a violet moon.', tags: [] },
  });
  expect(dream.status()).toBe(201);
  const { id } = (await dream.json()) as { id: number };
  const res = await request.post('/api/social/share-dream', {
    data: {
      dreamId: id,
      title: input.title,
      content: input.content ?? 'A river of glass under a violet moon.',
      isAnonymous: input.isAnonymous ?? false,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { sharedDream: { id: number } }).sharedDream.id;
}

async function newUserPage(page: Page): Promise<{ other: Page; account: TestAccount }> {
  const context = await page.context().browser()?.newContext({ baseURL: test.info().project.use.baseURL });
  if (!context) throw new Error('no browser');
  const other = await context.newPage();
  const account = await signUpViaApi(other, buildAccount());
  return { other, account };
}

test('share a dream (named, then anonymous), see it in the feed, and another user sees no name', async ({
  page,
  account,
}) => {
  test.slow();
  const named = await createDream(page, { title: `Glass river ${account.username}`, tags: ['river'] });
  const secretTag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await createDream(page, {
    title: `Masked ${secretTag}`,
    narrative: 'Nobody should know this was me.',
  });

  // Named, from the feed's Share a Dream dialog.
  await page.goto('/social-feed');
  await page.getByRole('button', { name: 'Share a Dream' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share a Dream' });
  await dialog.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByText('Please select a dream', { exact: true })).toBeVisible();
  await dialog.getByRole('radio', { name: new RegExp(named.title) }).check({ force: true });
  await expect(dialog.getByLabel('Title')).toHaveValue(named.title);
  await dialog.getByRole('combobox', { name: 'Tags' }).fill('moonlight');
  await dialog.getByRole('combobox', { name: 'Tags' }).press('Enter');
  await dialog.getByRole('combobox', { name: 'Tags' }).fill('moonlight');
  await dialog.getByRole('combobox', { name: 'Tags' }).press('Enter');
  await dialog.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByText('Dream shared successfully', { exact: true })).toBeVisible();
  const card = page.getByRole('article', { name: named.title });
  await expect(card).toBeVisible();
  await expect(card.getByText(account.username, { exact: true })).toBeVisible();
  await expect(card.getByRole('list', { name: 'Tags' }).getByText('moonlight')).toHaveCount(1);

  // Anonymous, from the dream's own page.
  const masked = await page.request.get('/api/dreams/recent?limit=5');
  const maskedDream = ((await masked.json()) as { id: number; title: string }[]).find((d) =>
    d.title.startsWith('Masked'),
  );
  if (!maskedDream) throw new Error('masked dream missing');
  await page.goto(`/dream/${maskedDream.id}`);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog2 = page.getByRole('dialog', { name: 'Share a Dream' });
  await expect(dialog2.getByLabel('Title')).toHaveValue(maskedDream.title);
  await dialog2.getByRole('switch', { name: 'Share anonymously' }).check();
  await dialog2.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByText('Dream shared successfully', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unshare' })).toBeVisible();

  // Another user: the anonymous card shows "AD" and no name.
  const { other } = await newUserPage(page);
  await other.goto('/social-feed');
  const anonCard = other.getByRole('article', { name: maskedDream.title });
  await expect(anonCard).toBeVisible();
  await expect(anonCard.getByText('Anonymous Dreamer')).toBeVisible();
  await expect(anonCard.getByRole('img', { name: 'Anonymous dreamer' })).toContainText('AD');
  await expect(anonCard).not.toContainText(account.username);
  await other.context().close();
});

test('paginate past page 1 of My Shared Dreams', async ({ page, account }) => {
  test.slow();
  for (let i = 0; i < 12; i += 1) await shareViaApi(page.request, { title: `Page walk ${i} ${account.username}` });
  await page.goto('/social-feed');
  await page.getByRole('tab', { name: 'My Shared Dreams' }).click();
  await expect(page.getByRole('article', { name: `Page walk 11 ${account.username}` })).toBeVisible();
  await expect(page.getByTestId('shared-dream-card')).toHaveCount(10);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('article', { name: `Page walk 0 ${account.username}` })).toBeVisible();
  await expect(page.getByTestId('shared-dream-card')).toHaveCount(2);
});

test('like and unlike, comment and delete the comment, report as another user', async ({ page, account }) => {
  test.slow();
  const id = await shareViaApi(page.request, { title: `Likeable ${account.username}` });
  const { other } = await newUserPage(page);
  await other.goto(`/shared-dream/${id}`);
  await expect(other.getByRole('heading', { name: `Likeable ${account.username}` })).toBeVisible();

  const like = other.getByRole('button', { name: /^Like \(0 likes\)/ });
  await like.click();
  await expect(other.getByRole('button', { name: /^Unlike \(1 like\)/ })).toHaveAttribute('aria-pressed', 'true');
  await other.getByRole('button', { name: /^Unlike/ }).click();
  await expect(other.getByRole('button', { name: /^Like \(0 likes\)/ })).toBeVisible();

  await expect(other.getByText('No comments yet. Be the first to share your thoughts!')).toBeVisible();
  await other.getByRole('button', { name: 'Post Comment' }).click();
  await expect(other.getByText('Please enter a comment before submitting', { exact: true })).toBeVisible();
  await other.getByLabel('Add a comment').fill('The glass river is a lovely image.');
  await other.getByRole('button', { name: 'Post Comment' }).click();
  const comment = other.getByRole('listitem', { name: /^Comment by / });
  await expect(comment).toContainText('The glass river is a lovely image.');
  await comment.getByRole('button', { name: /^Delete/ }).click();
  await expect(other.getByText('No comments yet. Be the first to share your thoughts!')).toBeVisible();

  // The owner sees no Report on their own dream; the other user reports it.
  await page.goto(`/shared-dream/${id}`);
  await expect(page.getByRole('heading', { name: `Likeable ${account.username}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Report' })).toHaveCount(0);
  await other.getByRole('button', { name: 'Report' }).click();
  await expect(other.getByText('Dream reported', { exact: true })).toBeVisible();
  await other.context().close();
});

test('a visitor reads the feed but must log in to like', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const writer = await context.newPage();
  await signUpViaApi(writer);
  const id = await shareViaApi(writer.request, { title: 'Open to visitors' });
  await context.close();
  const visitorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/shared-dream/${id}`);
  await expect(visitor.getByRole('heading', { name: 'Open to visitors' })).toBeVisible();
  await visitor.getByRole('button', { name: /^Like/ }).click();
  await expect(visitor.getByText('Please log in to like dreams', { exact: true })).toBeVisible();
  await visitor.goto('/social-feed');
  await expect(visitor.getByRole('tab', { name: 'My Shared Dreams' })).toBeDisabled();
  await expect(visitor.getByRole('button', { name: 'Share a Dream' })).toBeDisabled();
  await visitor.goto('/shared-dream/99999999');
  await expect(
    visitor.getByText('Failed to load the dream. It may have been removed or is no longer available.'),
  ).toBeVisible();
  await visitorContext.close();
});

test('an admin moderates a report, promotes a user and deletes one (their dream leaves the feed)', async ({
  page,
  browser,
}) => {
  test.slow();
  const base = test.info().project.use.baseURL;
  const posterContext = await browser.newContext({ baseURL: base });
  const poster = await posterContext.newPage();
  const posterAccount = await signUpViaApi(poster);
  const reported = await shareViaApi(poster.request, { title: `Reported ${posterAccount.username}` });
  const doomed = await shareViaApi(poster.request, { title: `Doomed ${posterAccount.username}` });
  const reporterContext = await browser.newContext({ baseURL: base });
  const reporter = await reporterContext.newPage();
  const reporterAccount = await signUpViaApi(reporter);
  expect((await reporter.request.post(`/api/social/report/dream/${reported}`)).status()).toBe(200);

  await signInAsSuperAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Super Admin', { exact: true })).toBeVisible();
  await expect(page.getByText('Total Users')).toBeVisible();

  // Moderation: hide the reported dream; a visitor can no longer open it.
  await page.getByRole('tab', { name: 'Moderation' }).click();
  const item = page.getByLabel(`Reported dream: Reported ${posterAccount.username}`);
  await item.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByText('Item hidden', { exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Restore' })).toBeVisible();
  await reporter.goto(`/shared-dream/${reported}`);
  await expect(reporter.getByText(/Failed to load the dream/)).toBeVisible();

  // Promote the reporter.
  await page.getByRole('tab', { name: 'User Management' }).click();
  await page.getByLabel('Search users').fill(reporterAccount.username);
  await page.getByRole('button', { name: `Make ${reporterAccount.username} an admin` }).click();
  await expect(
    page.getByText(`Make ${reporterAccount.username} an admin? This will grant them full control`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Make Admin', exact: true }).click();
  await expect(page.getByText('User has been updated successfully', { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(reporterAccount.username) })).toContainText('Admin');
  expect(((await (await reporter.request.get('/api/auth/check-admin')).json()) as { isAdmin: boolean }).isAdmin).toBe(
    true,
  );

  // The super admin's own delete button is disabled with its reason.
  await page.getByLabel('Search users').fill('e2e_super_admin');
  await expect(page.getByLabel('Delete e2e_super_admin: Super admin cannot be deleted')).toBeVisible();
  await page.getByRole('button', { name: 'Edit e2e_super_admin' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByRole('switch', { name: 'Administrator Access' })).toBeDisabled();
  await expect(edit.getByText('Super Admin (Cannot be modified)')).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toHaveCount(0);

  // Delete the poster: their shared dream leaves the feed.
  await page.getByLabel('Search users').fill(posterAccount.username);
  await page.getByRole('button', { name: `Delete ${posterAccount.username}` }).click();
  await expect(page.getByText('This action cannot be undone and will delete all user data.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('User has been deleted successfully', { exact: true })).toBeVisible();
  await expect(page.getByText('No users found')).toBeVisible();
  await reporter.goto(`/shared-dream/${doomed}`);
  await expect(reporter.getByText(/Failed to load the dream/)).toBeVisible();
  await reporter.goto('/social-feed');
  await expect(reporter.getByRole('heading', { name: 'Dream Community' })).toBeVisible();
  await expect(reporter.getByRole('article', { name: `Doomed ${posterAccount.username}` })).toHaveCount(0);
  await posterContext.close();
  await reporterContext.close();
});

test('a normal user is sent away from /admin', async ({ page, account: _account }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/admin/stats')).status()).toBe(403);
});
