// The community feed at size (issue 14): GET /api/social/dream-feed?page=1&limit=10 with 10,000 shared
// dreams, 50,000 likes and 20,000 comments, as a visitor and as a signed-in user, at 4 connections.
// Nothing here is served by a cache: every request runs the feed query (one statement for the page with
// its counts, one count for the pages); only the signed-in user's session comes from the session cache.
import os from 'node:os';
import { assertClean, load, ratio, signUp, type LoadResult } from './lib/load';
import { startApp, startBareFastify } from './lib/processes';
import { seedDreams, seedUsers, withAppDatabase } from './lib/seed';
import type { Figure } from './lib/results';

const USERS = 200;
const SHARED = 10_000;
const LIKES_PER_DREAM = 5; // 50,000 likes
const COMMENTS_PER_DREAM = 2; // 20,000 comments
const CONNECTIONS = 4;

export async function benchSocial(): Promise<{ figures: Figure[]; raw: Record<string, unknown> }> {
  const bare = await startBareFastify();
  const app = await startApp();
  try {
    const viewer = await signUp(app.baseUrl, 'bench_social');
    const seedStart = Date.now();
    const counts = await withAppDatabase(app, async (client) => {
      const userIds = await seedUsers(client, 'bench_poster', USERS);
      await seedDreams(client, { userIds, perUser: SHARED / USERS, analyze: false });
      // Every dream shared once, one in five anonymously, one in a hundred hidden by moderation.
      await client.query(
        `insert into shared_dreams (dream_id, user_id, title, content, is_anonymous, is_hidden, tags, created_at)
         select id, user_id, title, narrative, id % 5 = 0, id % 100 = 0, tags, created_at from dreams
          where user_id = any($1::int[])`,
        [userIds],
      );
      // Likes from distinct users per dream (the composite key holds), comments from others.
      await client.query(
        `insert into dream_likes (user_id, shared_dream_id)
         select ($1::int[])[1 + (s.id + k * 37) % $2], s.id
           from shared_dreams s, generate_series(0, $3 - 1) k`,
        [userIds, USERS, LIKES_PER_DREAM],
      );
      await client.query(
        `insert into dream_comments (shared_dream_id, user_id, content, is_anonymous, created_at)
         select s.id, ($1::int[])[1 + (s.id + k * 53) % $2], 'A comment on dream ' || s.id, k = 1, s.created_at
           from shared_dreams s, generate_series(0, $3 - 1) k`,
        [userIds, USERS, COMMENTS_PER_DREAM],
      );
      await client.query('analyze shared_dreams; analyze dream_likes; analyze dream_comments');
      const n = async (table: string) =>
        Number((await client.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]?.n);
      return {
        sharedDreams: await n('shared_dreams'),
        likes: await n('dream_likes'),
        comments: await n('dream_comments'),
      };
    });
    const seedMs = Date.now() - seedStart;

    const feedUrl = `${app.baseUrl}/api/social/dream-feed?page=1&limit=10`;
    const deepUrl = `${app.baseUrl}/api/social/dream-feed?page=500&limit=10`;
    const check = await fetch(feedUrl, { headers: { cookie: viewer.cookie } });
    const body = (await check.json()) as { sharedDreams: unknown[]; totalPages: number };
    if (body.sharedDreams.length !== 10) throw new Error(`feed answered ${body.sharedDreams.length} items`);

    await load(feedUrl, { durationSec: 2, connections: CONNECTIONS });
    const loadBefore = os.loadavg();
    const baseline = await load(`${bare.baseUrl}/hello`, { connections: CONNECTIONS });
    const visitor = await load(feedUrl, { connections: CONNECTIONS });
    const signedIn = await load(feedUrl, { cookie: viewer.cookie, connections: CONNECTIONS });
    const deep = await load(deepUrl, { cookie: viewer.cookie, connections: CONNECTIONS, durationSec: 5 });
    // One reader alone: the latency of the query itself, with the least queueing on a busy machine.
    const single = await load(feedUrl, { cookie: viewer.cookie, connections: 1, durationSec: 5 });
    const loadAfter = os.loadavg();
    const runs: [string, LoadResult][] = [
      ['baseline', baseline],
      ['visitor', visitor],
      ['signedIn', signedIn],
      ['deep', deep],
      ['single', single],
    ];
    for (const [name, r] of runs) assertClean(name, r);

    return {
      figures: [
        {
          name: 'GET /api/social/dream-feed?page=1&limit=10 (signed in, 10,000 shared) requests/s ÷ bare Fastify, 4 connections, no cache',
          value: ratio(signedIn.requestsPerSecond, baseline.requestsPerSecond),
          unit: 'ratio',
          target: { op: '>=', value: 0.2 },
        },
        {
          name: 'GET /api/social/dream-feed?page=1&limit=10 p99 (signed in, 4 connections)',
          value: signedIn.p99Ms,
          unit: 'ms',
          target: { op: '<', value: 25 },
        },
        {
          name: 'GET /api/social/dream-feed?page=1&limit=10 (visitor) requests/s ÷ bare Fastify, 4 connections',
          value: ratio(visitor.requestsPerSecond, baseline.requestsPerSecond),
          unit: 'ratio',
        },
        {
          name: 'GET /api/social/dream-feed?page=1&limit=10 p99 (visitor, 4 connections)',
          value: visitor.p99Ms,
          unit: 'ms',
        },
        {
          name: 'GET /api/social/dream-feed?page=500&limit=10 p99 (signed in, 4 connections)',
          value: deep.p99Ms,
          unit: 'ms',
        },
        {
          name: 'GET /api/social/dream-feed?page=1&limit=10 p50 (signed in, 1 connection)',
          value: single.p50Ms,
          unit: 'ms',
        },
        {
          name: 'GET /api/social/dream-feed?page=1&limit=10 p99 (signed in, 1 connection)',
          value: single.p99Ms,
          unit: 'ms',
        },
      ],
      raw: {
        ...counts,
        totalPages: body.totalPages,
        seedMs,
        loadAverage: { before: loadBefore, after: loadAfter, cpus: os.cpus().length },
        baseline,
        visitor,
        signedIn,
        deep,
        single,
      },
    };
  } finally {
    await app.stop();
    await bare.stop();
  }
}
