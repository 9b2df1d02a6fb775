import { test as setup } from '@playwright/test';
import { expect, SUPER_ADMIN } from './fixtures';

// The first account of a fresh server becomes its super admin: register it before every other test.
setup('register the server’s super admin', async ({ request }) => {
  const res = await request.post('/api/auth/register', { data: SUPER_ADMIN });
  expect(res.status(), await res.text()).toBe(201);
  expect(((await res.json()) as { isSuperAdmin: boolean }).isSuperAdmin).toBe(true);
});
