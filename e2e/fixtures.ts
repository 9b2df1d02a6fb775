import { randomBytes } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';

export interface TestAccount {
  username: string;
  email: string;
  password: string;
}

export function buildAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  const tag = randomBytes(4).toString('hex');
  return { username: `traveler_${tag}`, email: `traveler_${tag}@example.test`, password: 'starlight-42', ...overrides };
}

/** Registers through the API with the page's own cookie jar, so the page is signed in. */
export async function signUpViaApi(page: Page, account = buildAccount()): Promise<TestAccount> {
  const res = await page.request.post('/api/auth/register', { data: account });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

export const test = base.extend<{ account: TestAccount }>({
  /** A fresh signed-in account for the test; the page opens signed in. */
  account: async ({ page }, use) => {
    const account = await signUpViaApi(page);
    await use(account);
  },
});

export { expect };

export interface DreamInput {
  title: string;
  narrative: string;
  tags?: string[];
  date?: string;
  timePeriod?: string | null;
  intentionId?: number | null;
}

/** Records a dream through the API as the page's signed-in user. */
export async function createDream(page: Page, input: Partial<DreamInput> = {}): Promise<{ id: number; title: string }> {
  const res = await page.request.post('/api/dreams', {
    data: { title: 'A quiet dream', narrative: 'I walked through a silent house.', tags: [], ...input },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; title: string };
}

/**
 * The server's super admin: the first account of the fresh e2e server, registered by the setup
 * project (e2e/admin.setup.ts) before any other test runs.
 */
export const SUPER_ADMIN: TestAccount = {
  username: 'e2e_super_admin',
  email: 'e2e_super_admin@example.test',
  password: 'super-starlight-42',
};

/** Signs the page in as the super admin (its own cookie jar). */
export async function signInAsSuperAdmin(page: Page): Promise<void> {
  const res = await page.request.post('/api/auth/login', {
    data: { username: SUPER_ADMIN.username, password: SUPER_ADMIN.password },
  });
  expect(res.status(), await res.text()).toBe(200);
}
