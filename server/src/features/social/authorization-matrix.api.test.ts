import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestApp, type TestContext } from '../../../test/app';
import { signUp, type SignedInUser } from '../../../test/factories';
import { addComment, recordDream, shareDream } from '../../../test/community';

/**
 * Every /api/social/* and /api/admin/* endpoint × {signed out, owner, other user, admin, super admin},
 * generated from the one table below. "owner" is the author of the item the call names (for admin
 * calls: an ordinary user). Rows marked fresh get new items for each cell, so a delete or a report in
 * one cell does not change another.
 */

type Actor = 'visitor' | 'owner' | 'other' | 'admin' | 'super';
const ACTORS: Actor[] = ['visitor', 'owner', 'other', 'admin', 'super'];

interface Fixture {
  dreamId: number;
  unsharedDreamId: number;
  sharedDreamId: number;
  commentId: number;
  targetUserId: number;
  superId: number;
  /** The acting user's own id (0 for the visitor). */
  selfId: number;
}

interface Row {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  fresh?: boolean;
  note?: string;
  expect: [visitor: number, owner: number, other: number, admin: number, superAdmin: number];
}

const TABLE: Row[] = [
  // Public read
  { method: 'GET', path: () => '/api/social/dream-feed?page=1&limit=10', expect: [200, 200, 200, 200, 200] },
  { method: 'GET', path: (f) => `/api/social/shared-dream/${f.sharedDreamId}`, expect: [200, 200, 200, 200, 200] },
  {
    method: 'GET',
    path: (f) => `/api/social/shared-dream/${f.sharedDreamId}/comments`,
    expect: [200, 200, 200, 200, 200],
  },
  // Signed in
  { method: 'GET', path: () => '/api/social/my-shared-dreams', expect: [401, 200, 200, 200, 200] },
  {
    method: 'GET',
    path: (f) => `/api/social/dream/${f.dreamId}/shared-status`,
    note: 'a dream is its owner’s alone, admins included',
    expect: [401, 200, 404, 404, 404],
  },
  {
    method: 'POST',
    path: () => '/api/social/share-dream',
    body: (f) => ({ dreamId: f.unsharedDreamId, title: 'Mine', content: 'A dream', tags: [], isAnonymous: false }),
    fresh: true,
    expect: [401, 201, 404, 404, 404],
  },
  {
    method: 'DELETE',
    path: (f) => `/api/social/shared-dream/${f.sharedDreamId}`,
    fresh: true,
    expect: [401, 200, 404, 200, 200],
  },
  {
    method: 'POST',
    path: () => '/api/social/like',
    body: (f) => ({ sharedDreamId: f.sharedDreamId }),
    fresh: true,
    expect: [401, 200, 200, 200, 200],
  },
  {
    method: 'POST',
    path: () => '/api/social/comments',
    body: (f) => ({ sharedDreamId: f.sharedDreamId, content: 'Nice', isAnonymous: false }),
    expect: [401, 201, 201, 201, 201],
  },
  {
    method: 'DELETE',
    path: (f) => `/api/social/comments/${f.commentId}`,
    fresh: true,
    expect: [401, 200, 404, 200, 200],
  },
  {
    method: 'POST',
    path: (f) => `/api/social/report/dream/${f.sharedDreamId}`,
    fresh: true,
    expect: [401, 400, 200, 200, 200],
  },
  {
    method: 'POST',
    path: (f) => `/api/social/report-comment/${f.commentId}`,
    fresh: true,
    expect: [401, 400, 200, 200, 200],
  },
  // Admin
  { method: 'GET', path: () => '/api/admin/stats', expect: [401, 403, 403, 200, 200] },
  { method: 'GET', path: () => '/api/admin/users?page=1&limit=10', expect: [401, 403, 403, 200, 200] },
  { method: 'GET', path: () => '/api/admin/system', expect: [401, 403, 403, 200, 200] },
  { method: 'GET', path: () => '/api/admin/reports', expect: [401, 403, 403, 200, 200] },
  {
    method: 'PATCH',
    path: (f) => `/api/admin/users/${f.targetUserId}`,
    body: () => ({ isAdmin: false }),
    fresh: true,
    expect: [401, 403, 403, 200, 200],
  },
  {
    method: 'PATCH',
    path: (f) => `/api/admin/users/${f.superId}`,
    body: () => ({ isAdmin: false }),
    note: 'nobody demotes the super admin',
    expect: [401, 403, 403, 403, 403],
  },
  {
    method: 'PATCH',
    path: (f) => `/api/admin/users/${f.superId}`,
    body: () => ({ isSuperAdmin: false }),
    note: 'nor takes its role away; an admin’s isSuperAdmin is removed, leaving nothing to change',
    expect: [401, 403, 403, 200, 403],
  },
  {
    method: 'DELETE',
    path: (f) => `/api/admin/users/${f.targetUserId}`,
    fresh: true,
    expect: [401, 403, 403, 200, 200],
  },
  {
    method: 'DELETE',
    path: (f) => `/api/admin/users/${f.superId}`,
    note: 'nobody deletes the super admin',
    expect: [401, 403, 403, 403, 403],
  },
  {
    method: 'DELETE',
    path: (f) => `/api/admin/users/${f.selfId || f.targetUserId}`,
    note: 'nobody deletes their own account from the dashboard',
    fresh: true,
    expect: [401, 403, 403, 403, 403],
  },
  {
    method: 'POST',
    path: (f) => `/api/admin/moderation/dream/${f.sharedDreamId}`,
    body: () => ({ action: 'dismiss' }),
    fresh: true,
    expect: [401, 403, 403, 200, 200],
  },
];

let ctx: TestContext;
let clients: Record<Actor, ApiClient>;
let users: Record<Exclude<Actor, 'visitor'>, SignedInUser>;
let shared: Omit<Fixture, 'selfId'>;

async function makeFixture(owner: SignedInUser, superId: number): Promise<Omit<Fixture, 'selfId'>> {
  const dreamId = await recordDream(owner.client);
  const unsharedDreamId = await recordDream(owner.client);
  const item = await shareDream(owner.client, { dreamId });
  const comment = await addComment(owner.client, item.sharedDream.id);
  const target = await signUp(ctx.baseUrl);
  return {
    dreamId,
    unsharedDreamId,
    sharedDreamId: item.sharedDream.id,
    commentId: comment.comment.id,
    targetUserId: target.user.id,
    superId,
  };
}

beforeAll(async () => {
  ctx = await startTestApp();
  const superAdmin = await signUp(ctx.baseUrl); // the first account of a fresh database
  const admin = await signUp(ctx.baseUrl);
  const owner = await signUp(ctx.baseUrl);
  const other = await signUp(ctx.baseUrl);
  expect(superAdmin.user.isSuperAdmin).toBe(true);
  const promoted = await superAdmin.client.patch(`/api/admin/users/${admin.user.id}`, { isAdmin: true });
  expect(promoted.status).toBe(200);
  users = { owner, other, admin, super: superAdmin };
  clients = {
    visitor: new ApiClient(ctx.baseUrl),
    owner: owner.client,
    other: other.client,
    admin: admin.client,
    super: superAdmin.client,
  };
  shared = await makeFixture(owner, superAdmin.user.id);
}, 120_000);

afterAll(async () => {
  await ctx.close();
});

describe('authorization matrix', () => {
  const cells = TABLE.flatMap((row) =>
    ACTORS.map((actor, i) => ({
      name: `${row.method} ${row
        .path({
          dreamId: 0,
          unsharedDreamId: 0,
          sharedDreamId: 0,
          commentId: 0,
          targetUserId: 0,
          superId: 0,
          selfId: 0,
        })
        .replace(/\/0(?=\/|$|\?)/g, '/:id')}${row.note ? ` (${row.note})` : ''} as ${actor} → ${row.expect[i]}`,
      row,
      actor,
      status: row.expect[i] ?? 0,
    })),
  );

  it.each(cells)('$name', async ({ row, actor, status }) => {
    const base = row.fresh ? await makeFixture(users.owner, shared.superId) : shared;
    const fixture: Fixture = { ...base, selfId: actor === 'visitor' ? 0 : users[actor].user.id };
    const res = await clients[actor].request(row.method, row.path(fixture), row.body?.(fixture));
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (status >= 400) expect(typeof (res.body as { message?: unknown }).message).toBe('string');
  });

  it('covers every /api/social and /api/admin endpoint the server documents', () => {
    const spec = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const registered = Object.entries(spec.paths)
      .filter(([path]) => /^\/api\/(social|admin)\//.test(path))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(registered.length).toBeGreaterThanOrEqual(19);
    const ids: Fixture = {
      dreamId: 1,
      unsharedDreamId: 1,
      sharedDreamId: 1,
      commentId: 1,
      targetUserId: 1,
      superId: 1,
      selfId: 1,
    };
    const covered = new Set(
      TABLE.map((row) => {
        const path = (row.path(ids).split('?')[0] ?? '')
          .replace(/\/1(?=\/|$)/g, '/{id}')
          .replace('/moderation/dream/', '/moderation/{kind}/');
        return `${row.method} ${path}`;
      }),
    );
    expect(registered.filter((route) => !covered.has(route))).toEqual([]);
  });
});
