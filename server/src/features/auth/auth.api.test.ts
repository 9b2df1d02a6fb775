import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@common/messages';
import { SESSION } from '@common/limits';
import { sessions, users } from '../../db/schema';
import { ApiClient, startTestApp, type TestContext } from '../../../test/app';
import { buildUserInput, signUp } from '../../../test/factories';
import { hashToken } from '../../auth/sessions';

let ctx: TestContext;
const userCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n ?? -1;

beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('registration', () => {
  it('creates the first account as super admin, signs it in, and never returns the password', async () => {
    const client = new ApiClient(ctx.baseUrl);
    const input = buildUserInput({ username: 'FirstDreamer' });
    const res = await client.post('/api/auth/register', input);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'FirstDreamer', isAdmin: true, isSuperAdmin: true });
    expect(res.body).not.toHaveProperty('password');
    expect(res.body).toMatchObject({ avatarElement: 'swirl', avatarColor: '#1E88E5', hairColor: '#FDD835' });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^dt_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: 'FirstDreamer' });
    const stored = await ctx.db.select().from(users).where(eq(users.username, 'FirstDreamer'));
    expect(stored[0]?.password).toMatch(/^scrypt\$/);
    expect(stored[0]?.password).not.toContain(input.password);
  });

  it('makes later accounts ordinary users', async () => {
    const { user } = await signUp(ctx.baseUrl);
    expect(user.isAdmin).toBe(false);
    expect(user.isSuperAdmin).toBe(false);
  });

  it('refuses a taken username or email, case-insensitively, with 409', async () => {
    const { input } = await signUp(ctx.baseUrl);
    const client = new ApiClient(ctx.baseUrl);
    const byName = await client.post('/api/auth/register', buildUserInput({ username: input.username.toUpperCase() }));
    expect(byName).toMatchObject({ status: 409, body: { message: MSG.usernameTaken } });
    const byEmail = await client.post('/api/auth/register', buildUserInput({ email: input.email.toUpperCase() }));
    expect(byEmail).toMatchObject({ status: 409, body: { message: MSG.emailTaken } });
  });

  it('answers validation failures with the spec messages and creates nothing', async () => {
    const before = await userCount();
    const client = new ApiClient(ctx.baseUrl);
    const cases: Array<[object, string]> = [
      [buildUserInput({ username: 'ab' }), MSG.usernameMin],
      [buildUserInput({ email: 'not-an-email' }), MSG.emailInvalid],
      [buildUserInput({ password: '12345' }), MSG.passwordMin],
      [{ ...buildUserInput(), confirmPassword: 'something-else' }, MSG.passwordsMismatch],
      [buildUserInput({ username: 'bad name!' }), MSG.usernameChars],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/auth/register', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await userCount()).toBe(before);
  });

  it('serves the alias endpoints with the same handlers', async () => {
    const client = new ApiClient(ctx.baseUrl);
    const input = buildUserInput();
    expect((await client.post('/api/register', input)).status).toBe(201);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await client.post('/api/logout')).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await client.post('/api/login', { username: input.username, password: input.password })).status).toBe(200);
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });
});

describe('login, logout and sessions', () => {
  it('signs in, reports admin status, and logs out server-side', async () => {
    const { input } = await signUp(ctx.baseUrl);
    const client = new ApiClient(ctx.baseUrl);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await client.get('/api/auth/check-admin')).status).toBe(401);
    const login = await client.post('/api/auth/login', { username: input.username, password: input.password });
    expect(login.status).toBe(200);
    const check = await client.get('/api/auth/check-admin');
    expect(check.body).toEqual({ isAdmin: false, isSuperAdmin: false, userId: login.body.id });

    const token = (client.cookie ?? '').split('=')[1] ?? '';
    const stored = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, hashToken(token)));
    expect(stored).toHaveLength(1);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.sid, token))).toHaveLength(0);

    const cookie = client.cookie;
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect(
      await ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.sid, hashToken(token))),
    ).toHaveLength(0);
    // The old cookie is useless even if someone kept a copy.
    client.cookie = cookie;
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('rejects a wrong password with 401 and the same message as an unknown user', async () => {
    const { input } = await signUp(ctx.baseUrl);
    const client = new ApiClient(ctx.baseUrl);
    const wrong = await client.post('/api/auth/login', { username: input.username, password: 'wrong-password' });
    const unknown = await client.post('/api/auth/login', { username: 'nobody_here', password: 'wrong-password' });
    expect(wrong).toMatchObject({ status: 401, body: { message: MSG.invalidCredentials } });
    expect(unknown).toMatchObject({ status: 401, body: { message: MSG.invalidCredentials } });
  });

  it('renews a session older than a day (sliding expiry)', async () => {
    const { client } = await signUp(ctx.baseUrl);
    const token = (client.cookie ?? '').split('=')[1] ?? '';
    const aged = new Date(Date.now() + SESSION.lifetimeMs - 2 * SESSION.renewAfterMs);
    await ctx.db
      .update(sessions)
      .set({ expire: aged })
      .where(eq(sessions.sid, hashToken(token)));
    const res = await client.get('/api/auth/me');
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/^dt_session=/);
    const row = (
      await ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.sid, hashToken(token)))
    )[0];
    expect(row?.expire.getTime()).toBeGreaterThan(aged.getTime() + SESSION.renewAfterMs);
  });

  it('forgets a cached session the moment the database changes, whoever changed it', async () => {
    const { client, user } = await signUp(ctx.baseUrl);
    // Twice: the second answer comes from this process's session cache.
    expect((await client.get('/api/auth/check-admin')).body).toMatchObject({ isAdmin: false });
    expect((await client.get('/api/auth/check-admin')).body).toMatchObject({ isAdmin: false });
    // Another process (here: plain SQL) promotes the user; the trigger's announcement evicts the entry.
    await ctx.db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
    await expect
      .poll(async () => (await client.get('/api/auth/check-admin')).body.isAdmin, { timeout: 2000 })
      .toBe(true);
    await ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
    await expect.poll(async () => (await client.get('/api/auth/me')).status, { timeout: 2000 }).toBe(401);
  });

  it('treats an expired session as signed out', async () => {
    const { client } = await signUp(ctx.baseUrl);
    const token = (client.cookie ?? '').split('=')[1] ?? '';
    await ctx.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, hashToken(token)));
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });
});

describe('request hygiene', () => {
  it('refuses state-changing requests from another site', async () => {
    const client = new ApiClient(ctx.baseUrl);
    const input = buildUserInput();
    const before = await userCount();
    const byOrigin = await client.request('POST', '/api/auth/register', input, {
      headers: { origin: 'https://evil.example' },
    });
    expect(byOrigin).toMatchObject({ status: 403, body: { message: MSG.crossOrigin } });
    const byFetchSite = await client.request('POST', '/api/auth/register', input, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(byFetchSite.status).toBe(403);
    expect(await userCount()).toBe(before);
    const sameOrigin = await client.request('POST', '/api/auth/register', input, {
      headers: { origin: ctx.baseUrl, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.status).toBe(201);
  });

  it('answers bad input with a 4xx JSON message and changes nothing', async () => {
    const client = new ApiClient(ctx.baseUrl);
    const before = await userCount();
    const valid = buildUserInput();
    const attempts = [
      client.request('POST', '/api/auth/register', undefined, { raw: '{"username": "abc",' }),
      client.post('/api/auth/register', { ...valid, username: 12345 }),
      client.post('/api/auth/register', { username: valid.username }),
      client.post('/api/auth/register', { ...valid, isAdmin: true }),
      client.post('/api/auth/register', { ...valid, username: 'x'.repeat(10_000) }),
      client.request('POST', '/api/auth/register', undefined, {
        raw: JSON.stringify({ ...valid, padding: 'x'.repeat(2 * 1024 * 1024) }),
      }),
      client.request('POST', '/api/auth/register', undefined, { raw: 'null' }),
      client.request('POST', '/api/auth/register', undefined, { raw: '[]' }),
      client.request('POST', '/api/auth/login', undefined, {
        raw: 'username=a',
        headers: { 'content-type': 'text/plain' },
      }),
    ];
    const results = await Promise.all(attempts);
    for (const res of results) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof (res.body as { message?: unknown }).message).toBe('string');
    }
    expect(results[0]?.body.message).toBe(MSG.malformedJson);
    expect(results[1]?.body.message).toMatch(/username/i);
    expect(results[2]?.body.message).toMatch(/email/i);
    expect(results[3]?.body.message).toMatch(/isAdmin/);
    expect(results[4]?.body.message).toBe('Username must be at most 32 characters');
    expect(results[5]?.status).toBe(413);
    expect(results[5]?.body.message).toBe(MSG.bodyTooLarge);
    expect(await userCount()).toBe(before);
  });

  it('sends the security headers, with a CSP that allows no inline script, on every response', async () => {
    const client = new ApiClient(ctx.baseUrl);
    // JSON answers: a CSP that allows nothing at all, no sniffing, no framing.
    for (const res of [
      await client.get('/api/health'),
      await client.get('/api/auth/me'),
      await client.get('/api/nope'),
    ]) {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
    // Pages: the app's CSP (scripts from this origin only, never inline).
    const page = await client.get('/some/page');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-powered-by')).toBeNull();
  });

  it('answers unknown API paths with a JSON 404 and serves the OpenAPI description', async () => {
    const client = new ApiClient(ctx.baseUrl);
    expect(await client.get('/api/does-not-exist')).toMatchObject({ status: 404, body: { message: MSG.notFound } });
    const docs = await client.get<{ openapi: string; paths: Record<string, unknown> }>('/api/docs');
    expect(docs.status).toBe(200);
    expect(docs.body.openapi).toMatch(/^3\./);
    expect(Object.keys(docs.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/register', '/api/auth/me', '/api/health']),
    );
    expect(await client.get('/api/health')).toMatchObject({ status: 200, body: { status: 'ok', db: 'ok' } });
  });
});

describe('throttling', () => {
  it('answers 429 after repeated failed logins for one username', async () => {
    const strict = await startTestApp({ authThrottle: { loginFailures: 3, registrations: 100 } });
    try {
      const { input } = await signUp(strict.baseUrl);
      const client = new ApiClient(strict.baseUrl);
      for (let i = 0; i < 3; i++) {
        const res = await client.post('/api/auth/login', { username: input.username, password: 'wrong-password' });
        expect(res.status).toBe(401);
      }
      const blocked = await client.post('/api/auth/login', { username: input.username, password: input.password });
      expect(blocked).toMatchObject({ status: 429, body: { message: MSG.tooManyLogins } });
    } finally {
      await strict.close();
    }
  });

  it('answers 429 after too many registrations from one address', async () => {
    const strict = await startTestApp({ authThrottle: { loginFailures: 100, registrations: 2 } });
    try {
      await signUp(strict.baseUrl);
      await signUp(strict.baseUrl);
      const res = await new ApiClient(strict.baseUrl).post('/api/auth/register', buildUserInput());
      expect(res).toMatchObject({ status: 429, body: { message: MSG.tooManyRegistrations } });
    } finally {
      await strict.close();
    }
  });
});
