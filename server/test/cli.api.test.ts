import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestApp, type TestContext } from './app';
import { urlFor } from './db';
import { signUp } from './factories';

const run = promisify(execFile);
let ctx: TestContext;
let dbName: string;

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'server/src/cli.ts', ...args], {
      env: { ...process.env, DATABASE_URL: urlFor(dbName), LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

beforeAll(async () => {
  ctx = await startTestApp();
  const current = await ctx.db.execute<{ db: string }>('select current_database() as db');
  dbName = current.rows[0]?.db ?? '';
});
afterAll(async () => {
  await ctx.close();
});

describe('operator CLI', () => {
  it('promotes, transfers super admin, refuses to demote the super admin, demotes, resets a password and exports', async () => {
    const first = await signUp(ctx.baseUrl);
    const second = await signUp(ctx.baseUrl);
    expect(first.user.isSuperAdmin).toBe(true);

    const promoted = await cli('promote', second.user.username);
    expect(promoted.stdout).toContain('is now an admin');
    expect((await second.client.get('/api/auth/check-admin')).body).toMatchObject({
      isAdmin: true,
      isSuperAdmin: false,
    });

    const refused = await cli('demote', first.user.username);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('cannot be demoted');

    await cli('promote', second.user.username, '--super');
    expect((await second.client.get('/api/auth/check-admin')).body).toMatchObject({ isSuperAdmin: true });
    expect((await first.client.get('/api/auth/check-admin')).body).toMatchObject({
      isAdmin: true,
      isSuperAdmin: false,
    });

    expect((await cli('demote', first.user.username)).code).toBe(0);
    expect((await first.client.get('/api/auth/check-admin')).body).toMatchObject({ isAdmin: false });

    await first.client.post('/api/dreams', { title: 'Exported dream', narrative: 'A dream to export.' });
    const exported = await cli('export', first.user.username);
    expect(JSON.parse(exported.stdout)).toMatchObject({
      format: 'dream-traveler-journal',
      dreams: [{ title: 'Exported dream' }],
    });

    const reset = await cli('reset-password', first.user.username);
    const password = /One-time password for \S+: (\S+)/.exec(reset.stdout)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect((await first.client.get('/api/auth/me')).status).toBe(401);
    const login = await new ApiClient(ctx.baseUrl).post('/api/auth/login', { username: first.user.username, password });
    expect(login.status).toBe(200);

    const unknown = await cli('promote', 'no_such_user');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('No user named');
  }, 120_000); // seven CLI processes, each a cold tsx start: slow on a loaded machine
});
