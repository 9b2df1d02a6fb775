import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@common/messages';
import type { Intention } from '@common/schemas/intentions';
import { intentions } from '../../db/schema';
import { startTestApp, type TestContext } from '../../../test/app';
import { signUp, type SignedInUser } from '../../../test/factories';

let ctx: TestContext;
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  ctx = await startTestApp();
  alice = await signUp(ctx.baseUrl);
  bob = await signUp(ctx.baseUrl);
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

async function intend(user: SignedInUser, text = 'I will see my hands and know I am dreaming'): Promise<Intention> {
  const res = await user.client.post<Intention>('/api/intentions', { text });
  expect(res.status).toBe(201);
  return res.body;
}
const patch = (user: SignedInUser, id: number, body: unknown) =>
  user.client.patch<Intention>(`/api/intentions/${id}`, body);

describe('intention outcomes', () => {
  it('starts pending, can be marked success or failed, and can be undone', async () => {
    const own = await intend(alice);
    expect(own).toMatchObject({ outcome: 'pending', completed: false });

    expect((await patch(alice, own.id, { outcome: 'success' })).body).toMatchObject({
      outcome: 'success',
      completed: true,
    });
    expect((await patch(alice, own.id, { outcome: 'pending' })).body).toMatchObject({
      outcome: 'pending',
      completed: false,
    });
    expect((await patch(alice, own.id, { outcome: 'failed', notes: 'Woke up too soon' })).body).toMatchObject({
      outcome: 'failed',
      completed: false,
      notes: 'Woke up too soon',
    });
    // Notes alone keep the outcome.
    expect((await patch(alice, own.id, { notes: 'Try again tomorrow' })).body).toMatchObject({
      outcome: 'failed',
      notes: 'Try again tomorrow',
    });
    const listed = await alice.client.get<Intention[]>('/api/intentions/previous?limit=10');
    expect(listed.body.find((i) => i.id === own.id)).toMatchObject({ outcome: 'failed', completed: false });
  });

  it('still takes the spec’s completed flag: true is success, false undoes it', async () => {
    const own = await intend(alice, 'Fly over the rooftops');
    expect((await patch(alice, own.id, { completed: true })).body).toMatchObject({ outcome: 'success' });
    expect((await patch(alice, own.id, { completed: false })).body).toMatchObject({ outcome: 'pending' });
    expect((await patch(alice, own.id, { completed: true, outcome: 'success' })).body).toMatchObject({
      outcome: 'success',
    });
  });

  it('refuses unknown or contradictory outcomes and another user’s intention, changing nothing', async () => {
    const own = await intend(alice, 'Find the red door');
    await patch(alice, own.id, { outcome: 'success' });
    const bad = await patch(alice, own.id, { outcome: 'maybe' });
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as { message: string }).message).toMatch(
      /outcome must be one of: pending, success, failed/,
    );
    const conflict = await patch(alice, own.id, { outcome: 'failed', completed: true });
    expect(conflict.status).toBe(400);
    expect((conflict.body as unknown as { message: string }).message).toBe(MSG.intentionOutcomeConflict);
    expect((await patch(bob, own.id, { outcome: 'failed' })).status).toBe(404);
    expect((await alice.client.get<Intention>(`/api/intentions/${own.id}`)).body.outcome).toBe('success');
  });

  it('keeps completed a read-only view of the outcome in the database', async () => {
    const own = await intend(alice, 'Count my fingers');
    await patch(alice, own.id, { outcome: 'failed' });
    const rows = await ctx.db.execute<{ outcome: string; completed: boolean }>(
      sql`select outcome, completed from ${intentions} where id = ${own.id}`,
    );
    expect(rows.rows[0]).toEqual({ outcome: 'failed', completed: false });
    await expect(ctx.db.execute(sql`update ${intentions} set outcome = 'done' where id = ${own.id}`)).rejects.toThrow();
  });
});
