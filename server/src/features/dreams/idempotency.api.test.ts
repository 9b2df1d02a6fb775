import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@common/messages';
import type { Dream } from '@common/schemas/dreams';
import { dreams, idempotencyKeys } from '../../db/schema';
import { pruneIdempotencyKeys } from '../../lib/idempotency';
import { startTestApp, type TestContext } from '../../../test/app';
import { configFor } from '../../../test/db';
import { signUp, type SignedInUser } from '../../../test/factories';

let ctx: TestContext;
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  ctx = await startTestApp();
  alice = await signUp(ctx.baseUrl);
  bob = await signUp(ctx.baseUrl);
});
afterAll(async () => {
  await ctx.close();
});

const body = (title = 'The night ferry') => ({
  title,
  narrative: 'A ferry left the harbour with every light on and nobody aboard.',
  tags: ['water'],
});

function post(user: SignedInUser, key: string | null, payload: unknown) {
  return user.client.request<Dream & { message?: string }>(
    'POST',
    '/api/dreams',
    payload,
    key === null ? {} : { headers: { 'idempotency-key': key } },
  );
}

async function dreamsTitled(title: string): Promise<number> {
  const rows = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(dreams)
    .where(eq(dreams.title, title));
  return rows[0]?.n ?? -1;
}

describe('POST /api/dreams with an Idempotency-Key (issue 9.5)', () => {
  it('records one dream for the same key and body sent twice, and answers it both times', async () => {
    const key = `"${randomUUID()}"`;
    const first = await post(alice, key, body('Ferry, twice'));
    const second = await post(alice, key, body('Ferry, twice'));
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await dreamsTitled('Ferry, twice')).toBe(1);

    // A bare (unquoted) key, a body in another key order and without the optional date: still one dream.
    const bare = randomUUID();
    const a = await post(alice, bare, { tags: ['x'], narrative: 'Same words.', title: 'Ferry, bare key' });
    const b = await post(alice, bare, { title: 'Ferry, bare key', narrative: 'Same words.', tags: ['x'] });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    expect(await dreamsTitled('Ferry, bare key')).toBe(1);
  });

  it('records one dream when two requests with one key are in flight at the same moment', async () => {
    const key = randomUUID();
    const title = 'Ferry, concurrently';
    // Hold inserts into dreams so that both requests are certainly under way together: the first
    // waits on the dreams table with the key claimed, the second waits on the key.
    const blocker = new pg.Client(configFor(ctx.databaseName));
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table dreams in share row exclusive mode');
      const both = Promise.all([post(alice, key, body(title)), post(alice, key, body(title))]);
      // pg_stat_activity is read once per transaction unless its snapshot is cleared.
      const waiting = async () => {
        await blocker.query('select pg_stat_clear_snapshot()');
        const found = await blocker.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        );
        return found.rows[0]?.n ?? 0;
      };
      const deadline = Date.now() + 10_000;
      while ((await waiting()) < 2) {
        if (Date.now() > deadline) throw new Error('the two requests never waited together');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await blocker.query('commit');
      const [one, two] = await both;
      expect(one.status).toBe(201);
      expect(two.status).toBe(201);
      expect(two.body).toEqual(one.body);
      expect([one, two].filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(1);
    } finally {
      await blocker.query('rollback').catch(() => undefined);
      await blocker.end();
    }
    expect(await dreamsTitled(title)).toBe(1);
  });

  it('refuses the same key with another body (422) and records nothing more', async () => {
    const key = randomUUID();
    const first = await post(alice, key, body('Ferry, original'));
    expect(first.status).toBe(201);
    const other = await post(alice, key, body('Ferry, something else'));
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(MSG.idempotencyKeyReused);
    expect(await dreamsTitled('Ferry, something else')).toBe(0);
    // The original request with its key still answers its dream.
    expect((await post(alice, key, body('Ferry, original'))).body.id).toBe(first.body.id);
  });

  it('scopes keys to the user: another user with the same key and body gets a dream of their own', async () => {
    const key = randomUUID();
    const mine = await post(alice, key, body('Ferry, shared key'));
    const theirs = await post(bob, key, body('Ferry, shared key'));
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.userId).toBe(bob.user.id);
    expect(await dreamsTitled('Ferry, shared key')).toBe(2);
  });

  it('keeps no answer when the work fails, so a corrected retry with the key goes through', async () => {
    const key = randomUUID();
    const missingIntention = await post(alice, key, { ...body('Ferry, retried'), intentionId: 2_000_000_000 });
    expect(missingIntention.status).toBe(404);
    const retried = await post(alice, key, body('Ferry, retried'));
    expect(retried.status).toBe(201);
    expect(await dreamsTitled('Ferry, retried')).toBe(1);
  });

  it('answers 400 for a malformed key and records nothing', async () => {
    for (const key of ['""', 'x'.repeat(256), ' ']) {
      const res = await post(alice, key, body('Ferry, bad key'));
      expect(res.status, JSON.stringify(key).slice(0, 20)).toBe(400);
      expect(res.body.message).toBe(MSG.idempotencyKeyInvalid);
    }
    expect(await dreamsTitled('Ferry, bad key')).toBe(0);
  });

  it('forgets keys after 24 hours: an expired key starts afresh and the cleanup deletes old ones', async () => {
    const key = randomUUID();
    expect((await post(alice, key, body('Ferry, day one'))).status).toBe(201);
    const row = and(eq(idempotencyKeys.userId, alice.user.id), eq(idempotencyKeys.key, key));
    await ctx.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(row);
    const later = await post(alice, key, body('Ferry, day two'));
    expect(later.status).toBe(201);
    expect(await dreamsTitled('Ferry, day two')).toBe(1);

    await ctx.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(row);
    expect(await pruneIdempotencyKeys(ctx.db)).toBeGreaterThanOrEqual(1);
    expect(await ctx.db.select().from(idempotencyKeys).where(row)).toHaveLength(0);
  });

  it('without a key, every POST records a dream as before', async () => {
    expect((await post(alice, null, body('Ferry, no key'))).status).toBe(201);
    expect((await post(alice, null, body('Ferry, no key'))).status).toBe(201);
    expect(await dreamsTitled('Ferry, no key')).toBe(2);
  });
});
