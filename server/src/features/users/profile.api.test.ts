import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '@common/schemas/auth';
import { MSG } from '@common/messages';
import { ApiClient, startTestApp, type TestContext } from '../../../test/app';
import { signUp } from '../../../test/factories';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp();
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

type Message = { message: string };

describe('PATCH /api/users/profile', () => {
  it('changes username and email with the current password; /api/auth/me shows them at once', async () => {
    const a = await signUp(ctx.baseUrl);
    const name = `renamed_${a.user.id}`;
    const res = await a.client.patch<PublicUser>('/api/users/profile', {
      username: name,
      email: `${name}@example.test`,
      currentPassword: a.input.password,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: a.user.id, username: name, email: `${name}@example.test` });
    expect(res.body).not.toHaveProperty('password');
    const me = await a.client.get<PublicUser>('/api/auth/me');
    expect(me.body.username).toBe(name);
    // The old password still signs in under the new name.
    const again = new ApiClient(ctx.baseUrl);
    expect((await again.post('/api/auth/login', { username: name, password: a.input.password })).status).toBe(200);
  });

  it('refuses a wrong or missing current password and changes nothing', async () => {
    const a = await signUp(ctx.baseUrl);
    const wrong = await a.client.patch<Message>('/api/users/profile', {
      username: 'should_not_stick',
      email: a.input.email,
      currentPassword: 'not-my-password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(MSG.currentPasswordWrong);
    const missing = await a.client.patch<Message>('/api/users/profile', {
      username: 'should_not_stick',
      email: a.input.email,
      currentPassword: '',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain(MSG.currentPasswordRequired);
    expect((await a.client.get<PublicUser>('/api/auth/me')).body.username).toBe(a.input.username);
  });

  it('validates with the spec’s messages', async () => {
    const a = await signUp(ctx.baseUrl);
    const base = { username: a.input.username, email: a.input.email, currentPassword: a.input.password };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, username: 'ab' }, MSG.profileUsernameMin],
      [{ ...base, email: 'not-an-email' }, MSG.profileEmailInvalid],
      [{ ...base, newPassword: '123' }, MSG.passwordMin],
      [{ ...base, isAdmin: true }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await a.client.patch<Message>('/api/users/profile', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    const me = await a.client.get<PublicUser>('/api/auth/me');
    expect(me.body).toMatchObject({ username: a.input.username, isAdmin: a.user.isAdmin });
  });

  it('answers 409 for a username or email someone else has (any case)', async () => {
    const a = await signUp(ctx.baseUrl);
    const b = await signUp(ctx.baseUrl);
    const taken = await a.client.patch<Message>('/api/users/profile', {
      username: b.input.username.toUpperCase(),
      email: a.input.email,
      currentPassword: a.input.password,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(MSG.usernameTaken);
    const email = await a.client.patch<Message>('/api/users/profile', {
      username: a.input.username,
      email: b.input.email,
      currentPassword: a.input.password,
    });
    expect(email.status).toBe(409);
    expect(email.body.message).toBe(MSG.emailTaken);
    // Keeping one's own name and email is no conflict.
    const same = await a.client.patch('/api/users/profile', {
      username: a.input.username,
      email: a.input.email,
      currentPassword: a.input.password,
    });
    expect(same.status).toBe(200);
  });

  it('a new password ends the other sessions, keeps this one, and replaces the old password', async () => {
    const a = await signUp(ctx.baseUrl);
    const phone = new ApiClient(ctx.baseUrl);
    expect(
      (await phone.post('/api/auth/login', { username: a.input.username, password: a.input.password })).status,
    ).toBe(200);
    expect((await phone.get('/api/auth/me')).status).toBe(200);

    const res = await a.client.patch('/api/users/profile', {
      username: a.input.username,
      email: a.input.email,
      currentPassword: a.input.password,
      newPassword: 'new-secret-99',
    });
    expect(res.status).toBe(200);
    expect((await a.client.get('/api/auth/me')).status).toBe(200);
    expect((await phone.get('/api/auth/me')).status).toBe(401);

    const fresh = new ApiClient(ctx.baseUrl);
    expect(
      (await fresh.post('/api/auth/login', { username: a.input.username, password: a.input.password })).status,
    ).toBe(401);
    expect(
      (await fresh.post('/api/auth/login', { username: a.input.username, password: 'new-secret-99' })).status,
    ).toBe(200);
  });

  it('answers 401 to a visitor', async () => {
    const res = await new ApiClient(ctx.baseUrl).patch('/api/users/profile', {
      username: 'someone',
      email: 'someone@example.test',
      currentPassword: 'x',
    });
    expect(res.status).toBe(401);
  });
});

describe('PATCH /api/users/avatar', () => {
  const good = {
    avatarElement: 'galaxy',
    avatarColor: '#8E24AA',
    avatarSymbol: 'speckles',
    hairColor: '#fdd835',
    eyeColor: '#5EEAD4',
    useDefaultAvatar: false,
  };

  it('starts with the defaults and saves every field', async () => {
    const a = await signUp(ctx.baseUrl);
    const before = await a.client.get<PublicUser>('/api/auth/me');
    expect(before.body).toMatchObject({
      avatarElement: 'swirl',
      avatarColor: '#1E88E5',
      avatarSymbol: 'none',
      hairColor: '#FDD835',
      eyeColor: '#FFFFFF',
    });
    const res = await a.client.patch<PublicUser>('/api/users/avatar', { ...good, userId: 999999 });
    expect(res.status).toBe(200);
    const me = await a.client.get<PublicUser>('/api/auth/me');
    expect(me.body).toMatchObject({
      id: a.user.id,
      avatarElement: 'galaxy',
      avatarColor: '#8E24AA',
      avatarSymbol: 'speckles',
      hairColor: '#FDD835',
      eyeColor: '#5EEAD4',
      useDefaultAvatar: false,
    });
  });

  it('refuses an unknown type or pattern, a non-hex colour or a missing field, changing nothing', async () => {
    const a = await signUp(ctx.baseUrl);
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ ...good, avatarElement: 'boulder' }, /avatarElement/],
      [{ ...good, avatarSymbol: 'polka' }, /avatarSymbol/],
      [{ ...good, avatarColor: 'blue' }, /avatarColor/],
      [{ ...good, hairColor: '#FFF' }, /hairColor/],
      [{ ...good, eyeColor: '#GGGGGG' }, /eyeColor/],
      [{ ...good, eyeColor: 42 }, /eyeColor/],
      [{ avatarElement: 'solid' }, /./],
      [{ ...good, isAdmin: true }, /./],
    ];
    for (const [body, message] of bad) {
      const res = await a.client.patch<Message>('/api/users/avatar', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const me = await a.client.get<PublicUser>('/api/auth/me');
    expect(me.body).toMatchObject({ avatarElement: 'swirl', avatarColor: '#1E88E5', isAdmin: a.user.isAdmin });
  });

  it('answers 401 to a visitor', async () => {
    expect((await new ApiClient(ctx.baseUrl).patch('/api/users/avatar', good)).status).toBe(401);
  });
});
