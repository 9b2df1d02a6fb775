import { buildAccount, expect, test } from './fixtures';

test('a visitor registers, logs out, logs back in, and meets the guards and the 404 page', async ({
  page,
  request,
}) => {
  test.slow(); // many page loads: a minute is not enough on a loaded machine
  // The first account of a fresh server becomes its admin: make sure this visitor is not the first,
  // whichever order the tests run in (the request fixture has its own cookies, so the page stays a visitor).
  expect((await request.post('/api/auth/register', { data: buildAccount() })).status()).toBe(201);
  const account = buildAccount();

  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/register');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill('not-the-same');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText('Account created!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: new RegExp(account.username) })).toBeVisible();

  // Signed in: the login page sends us home.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: `Account menu for ${account.username}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByText('Logged out', { exact: true })).toBeVisible();

  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid username or password' })).toBeVisible();

  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`Welcome back, ${account.username}!`, { exact: true })).toBeVisible();

  await page.goto('/no/such/place');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('the auth page, basic registration and its field errors', async ({ page, browser }) => {
  const taken = buildAccount();
  const other = await browser.newContext();
  const res = await other.request.post(`${test.info().project.use.baseURL}/api/auth/register`, { data: taken });
  expect(res.status()).toBe(201);
  await other.close();

  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByText('Access your dream universe')).toBeVisible();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/basic-register$/);

  const fresh = buildAccount();
  await page.getByLabel('Username').fill(taken.username);
  await page.getByLabel('Email').fill(fresh.email);
  await page.getByLabel('Password', { exact: true }).fill(fresh.password);
  await page.getByLabel('Confirm password').fill(fresh.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Username is already taken')).toBeVisible();

  await page.getByLabel('Username').fill(fresh.username);
  await page.getByLabel('Email').fill(taken.email);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Email is already in use')).toBeVisible();

  await page.getByLabel('Email').fill(fresh.email);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: new RegExp(fresh.username) })).toBeVisible();
  // The welcome toast survives the full page load, once.
  await expect(page.getByText('Registration successful', { exact: true })).toBeVisible();
  await expect(page.getByText(`Welcome to Dream Traveler, ${fresh.username}!`, { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: new RegExp(fresh.username) })).toBeVisible();
  await expect(page.getByText('Registration successful', { exact: true })).toHaveCount(0);
});

test('public pages render for visitors with the signed-out header', async ({ page }) => {
  await page.goto('/landing');
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByText('Navigate your multidimensional consciousness').first()).toBeVisible();
  for (const [link, heading] of [
    ['Privacy', 'Privacy'],
    ['Terms', 'Terms'],
    ['Support', 'Support'],
  ] as const) {
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});
