import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@common/messages';
import type { AdminStats, AdminUsers, SystemInfo } from '@common/schemas/admin';
import type { PublicUser } from '@common/schemas/auth';
import type { FeedResponse } from '@common/schemas/social';
import { ApiClient, startTestApp, type TestContext } from '../../../test/app';
import { signUp, type SignedInUser } from '../../../test/factories';
import { addComment, shareDream } from '../../../test/community';

let ctx: TestContext;
let superAdmin: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  ctx = await startTestApp();
  superAdmin = await signUp(ctx.baseUrl);
  admin = await signUp(ctx.baseUrl);
  await superAdmin.client.patch(`/api/admin/users/${admin.user.id}`, { isAdmin: true });
}, 120_000);

afterAll(async () => {
  await ctx.close();
});

const message = (body: unknown) => (body as { message: string }).message;
const countOf = async (sql: string, id: number) => (await ctx.db.$client.query<{ n: number }>(sql, [id])).rows[0]?.n;

describe('admin dashboard', () => {
  it('stats count users, dreams and readings; system reports version, environment and the database', async () => {
    const stats = await admin.client.get<AdminStats>('/api/admin/stats');
    expect(stats.status).toBe(200);
    const users = await ctx.db.$client.query<{ n: number }>('select count(*)::int as n from users');
    expect(stats.body.totalUsers).toBe(users.rows[0]?.n);
    expect(stats.body.recentUsers[0]?.id).toBeGreaterThanOrEqual(admin.user.id);
    expect(JSON.stringify(stats.body)).not.toContain('password');
    const system = await admin.client.get<SystemInfo>('/api/admin/system');
    expect(system.body).toEqual({
      version: '1.0.0',
      environment: 'test',
      databaseConnected: true,
      currentAdmin: admin.user.username,
    });
  });

  it('pages and searches users beyond 100', async () => {
    const tag = `crowd${Date.now() % 100000}`;
    // Written straight to the table: 105 registrations would spend half a minute hashing passwords.
    await ctx.db.$client.query(
      `insert into users (username, email, password)
       select $1 || '_' || i, $1 || '_' || i || '@example.test', 'not-a-hash' from generate_series(0, 104) i`,
      [tag],
    );
    const page1 = await admin.client.get<AdminUsers>(`/api/admin/users?q=${tag}&limit=100&page=1`);
    expect(page1.body).toMatchObject({ total: 105, totalPages: 2, page: 1 });
    expect(page1.body.users).toHaveLength(100);
    const page2 = await admin.client.get<AdminUsers>(`/api/admin/users?q=${tag}&limit=100&page=2`);
    expect(page2.body.users).toHaveLength(5);
    const ids = new Set([...page1.body.users, ...page2.body.users].map((u) => u.id));
    expect(ids.size).toBe(105);
    const one = await admin.client.get<AdminUsers>(`/api/admin/users?q=${tag}_104`);
    expect(one.body.users.map((u) => u.username)).toEqual([`${tag}_104`]);
    // LIKE wildcards are searched as text.
    expect((await admin.client.get<AdminUsers>('/api/admin/users?q=%25%25')).body.total).toBe(0);
    expect((await admin.client.get('/api/admin/users?limit=101')).status).toBe(400);
  });

  it('edits username, email and admin role; a taken name is 409 and changes nothing', async () => {
    const u = await signUp(ctx.baseUrl);
    const res = await admin.client.patch<PublicUser>(`/api/admin/users/${u.user.id}`, {
      username: `${u.user.username}x`,
      email: `x${u.user.email}`,
      isAdmin: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: `${u.user.username}x`, isAdmin: true, isSuperAdmin: false });
    // The promoted user's own session sees it at once.
    expect((await u.client.get<{ isAdmin: boolean }>('/api/auth/check-admin')).body.isAdmin).toBe(true);
    const taken = await admin.client.patch(`/api/admin/users/${u.user.id}`, { username: admin.user.username });
    expect(taken.status).toBe(409);
    expect(message(taken.body)).toBe(MSG.usernameTaken);
    const bad = await admin.client.patch(`/api/admin/users/${u.user.id}`, { email: 'nope' });
    expect(bad.status).toBe(400);
    const demoted = await admin.client.patch<PublicUser>(`/api/admin/users/${u.user.id}`, { isAdmin: false });
    expect(demoted.body.isAdmin).toBe(false);
    expect((await admin.client.patch('/api/admin/users/999999', { isAdmin: true })).status).toBe(404);
  });

  it('strips isSuperAdmin for a non-super admin; the super admin can hand the role on, and only once', async () => {
    const u = await signUp(ctx.baseUrl);
    const stripped = await admin.client.patch<PublicUser>(`/api/admin/users/${u.user.id}`, { isSuperAdmin: true });
    expect(stripped.status).toBe(200);
    expect(stripped.body.isSuperAdmin).toBe(false);
    const demote = await admin.client.patch(`/api/admin/users/${superAdmin.user.id}`, { isAdmin: false });
    expect(demote.status).toBe(403);
    expect(message(demote.body)).toBe(MSG.superAdminNotDemotable);
    const self = await superAdmin.client.patch(`/api/admin/users/${superAdmin.user.id}`, { isSuperAdmin: false });
    expect(self.status).toBe(403);

    const handed = await superAdmin.client.patch<PublicUser>(`/api/admin/users/${u.user.id}`, { isSuperAdmin: true });
    expect(handed.body).toMatchObject({ isAdmin: true, isSuperAdmin: true });
    const supers = await ctx.db.$client.query<{ id: number }>('select id from users where is_super_admin');
    expect(supers.rows.map((r) => r.id)).toEqual([u.user.id]);
    // And back, from the new super admin, so the other tests keep theirs.
    const back = await u.client.patch<PublicUser>(`/api/admin/users/${superAdmin.user.id}`, { isSuperAdmin: true });
    expect(back.body.isSuperAdmin).toBe(true);
  });

  it('deletes a user with all their data in one go; never the super admin or oneself', async () => {
    const victim = await signUp(ctx.baseUrl);
    const other = await signUp(ctx.baseUrl);
    const share = await shareDream(victim.client, { title: 'Soon gone' });
    const othersShare = await shareDream(other.client);
    await addComment(victim.client, othersShare.sharedDream.id);
    await victim.client.post('/api/social/like', { sharedDreamId: othersShare.sharedDream.id });
    await victim.client.post(`/api/social/report/dream/${othersShare.sharedDream.id}`);
    await victim.client.post('/api/intentions', { text: 'Fly tonight' });

    const res = await admin.client.delete(`/api/admin/users/${victim.user.id}`);
    expect(res.status).toBe(200);
    for (const table of ['dreams', 'intentions', 'shared_dreams', 'dream_likes', 'dream_comments', 'sessions']) {
      expect(await countOf(`select count(*)::int as n from ${table} where user_id = $1`, victim.user.id)).toBe(0);
    }
    expect(await countOf('select count(*)::int as n from reports where reporter_id = $1', victim.user.id)).toBe(0);
    const feed = await new ApiClient(ctx.baseUrl).get<FeedResponse>('/api/social/dream-feed?limit=50');
    expect(feed.body.sharedDreams.some((i) => i.sharedDream.id === share.sharedDream.id)).toBe(false);
    // Their session is gone with them.
    expect((await victim.client.get('/api/auth/me')).status).toBe(401);
    expect((await admin.client.delete(`/api/admin/users/${victim.user.id}`)).status).toBe(404);

    const sup = await admin.client.delete(`/api/admin/users/${superAdmin.user.id}`);
    expect(sup.status).toBe(403);
    expect(message(sup.body)).toBe(MSG.superAdminNotDeletable);
    const self = await admin.client.delete(`/api/admin/users/${admin.user.id}`);
    expect(self.status).toBe(403);
    expect(message(self.body)).toBe(MSG.cannotDeleteSelf);
    expect(await countOf('select count(*)::int as n from users where id = $1', admin.user.id)).toBe(1);
  });
});
