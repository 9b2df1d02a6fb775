// The community feed at size (issue 14): GET /api/social/dream-feed?page=1&limit=10 with 10,000 shared
// dreams, 50,000 likes and 20,000 comments, at 4 connections. The cached figures are served by the
// per-process feed cache (server/src/features/social/feed-cache.ts): the public page with its counts,
// and each signed-in reader's likes, kept until a trigger (or the process's own write) announces a
// change. The uncached figures read the database on every request: an admin's feed (never cached),
// and a signed-in reader's page evicted before each request.
import os from 'node:os';
import { assertClean, load, ratio, signUp, timeAfterEachAnnouncement, type LoadResult } from './lib/load';
import { startApp, startBareFastify } from './lib/processes';
import { seedDreams, seedUsers, withAppDatabase } from './lib/seed';
import type { SectionResult } from './lib/results';

const USERS = 200;
const SHARED = 10_000;
const LIKES_PER_DREAM = 5; // 50,000 likes
const COMMENTS_PER_DREAM = 2; // 20,000 comments
const CONNECTIONS = 4;
export async function benchSocial(): Promise<SectionResult> {
  const bare = await startBareFastify();
  const app = await startApp();
  try {
    // The first account of a fresh database is the super admin: its feed is never cached.
    const admin = await signUp(app.baseUrl, 'bench_social_admin');
    const viewer = await signUp(app.baseUrl, 'bench_social');
    const liker = await signUp(app.baseUrl, 'bench_social_liker');
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
    // A reader with likes on page 1: their answer is made per request from the cached page and their likes.
    const liked = (body as { sharedDreams: { sharedDream: { id: number } }[] }).sharedDreams
      .slice(0, 3)
      .map((i) => i.sharedDream.id);
    for (const sharedDreamId of liked) {
      const res = await fetch(`${app.baseUrl}/api/social/like`, {
        method: 'POST',
        headers: { cookie: liker.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ sharedDreamId, liked: true }),
      });
      if (!res.ok) throw new Error(`like answered ${res.status}`);
    }
    const likerCheck = (await (await fetch(feedUrl, { headers: { cookie: liker.cookie } })).json()) as {
      sharedDreams: { userHasLiked: boolean }[];
    };
    if (likerCheck.sharedDreams.filter((i) => i.userHasLiked).length !== liked.length)
      throw new Error('the liker’s feed does not show their likes');

    await load(feedUrl, { durationSec: 2, connections: CONNECTIONS });
    await load(feedUrl, { cookie: admin.cookie, durationSec: 2, connections: CONNECTIONS });
    const loadBefore = os.loadavg();
    const baseline = await load(`${bare.baseUrl}/hello`, { connections: CONNECTIONS });
    const visitor = await load(feedUrl, { connections: CONNECTIONS });
    const signedIn = await load(feedUrl, { cookie: viewer.cookie, connections: CONNECTIONS });
    const withLikes = await load(feedUrl, { cookie: liker.cookie, connections: CONNECTIONS, durationSec: 5 });
    const deep = await load(deepUrl, { cookie: viewer.cookie, connections: CONNECTIONS, durationSec: 5 });
    // One reader alone: the least queueing on a busy machine.
    const single = await load(feedUrl, { cookie: viewer.cookie, connections: 1, durationSec: 5 });
    // Never cached: an admin's feed (hidden items and anonymous posters included) reads the database each time.
    const adminRun = await load(feedUrl, { cookie: admin.cookie, connections: CONNECTIONS });
    // Uncached, signed in: every page evicted (as a trigger's 'share:' announcement does) before each request.
    const evicted = await withAppDatabase(app, (client) =>
      timeAfterEachAnnouncement(feedUrl, viewer.cookie, () =>
        client.query(`select pg_notify('dt_social_changed', 'share:0')`),
      ),
    );
    const loadAfter = os.loadavg();
    const runs: [string, LoadResult][] = [
      ['baseline', baseline],
      ['visitor', visitor],
      ['signedIn', signedIn],
      ['withLikes', withLikes],
      ['deep', deep],
      ['single', single],
      ['admin', adminRun],
    ];
    for (const [name, r] of runs) assertClean(name, r);

    return {
      figures: [
        {
          name: 'GET /api/social/dream-feed?page=1&limit=10 (signed in, 10,000 shared) requests/s ÷ bare Fastify, 4 connections, served by the feed cache',
          value: ratio(signedIn.requestsPerSecond, baseline.requestsPerSecond),
          unit: 'ratio',
          target: { op: '>=', value: 0.2 },
          detail: `${Math.round(signedIn.requestsPerSecond)} req/s vs ${Math.round(baseline.requestsPerSecond)} req/s bare`,
        },
        {
          name: 'GET /api/social/dream-feed?page=1&limit=10 p99 (signed in, 4 connections, served by the feed cache)',
          value: signedIn.p99Ms,
          unit: 'ms',
          target: { op: '<', value: 25 },
        },
        {
          name: 'GET /api/social/dream-feed?page=1&limit=10 (visitor) requests/s ÷ bare Fastify, 4 connections, feed cache',
          value: ratio(visitor.requestsPerSecond, baseline.requestsPerSecond),
          unit: 'ratio',
        },
        {
          name: 'GET /api/social/dream-feed?page=1&limit=10 p99 (visitor, 4 connections, feed cache)',
          value: visitor.p99Ms,
          unit: 'ms',
        },
        {
          name: 'GET /api/social/dream-feed?page=1&limit=10 (reader with 3 likes on the page: made per request from the cached page) requests/s ÷ bare Fastify, 4 connections',
          value: ratio(withLikes.requestsPerSecond, baseline.requestsPerSecond),
          unit: 'ratio',
        },
        {
          name: 'GET /api/social/dream-feed?page=1&limit=10 p99 (reader with likes on the page, 4 connections, feed cache)',
          value: withLikes.p99Ms,
          unit: 'ms',
        },
        {
          name: 'GET /api/social/dream-feed?page=500&limit=10 p99 (signed in, 4 connections, feed cache)',
          value: deep.p99Ms,
          unit: 'ms',
        },
        {
          name: 'GET /api/social/dream-feed?page=1&limit=10 p50 (signed in, 1 connection, feed cache)',
          value: single.p50Ms,
          unit: 'ms',
        },
        {
          name: 'GET /api/social/dream-feed?page=1&limit=10 p99 (signed in, 1 connection, feed cache)',
          value: single.p99Ms,
          unit: 'ms',
        },
        {
          name: 'GET /api/social/dream-feed?page=1&limit=10 (admin: never cached, reads the database) requests/s ÷ bare Fastify, 4 connections',
          value: ratio(adminRun.requestsPerSecond, baseline.requestsPerSecond),
          unit: 'ratio',
          detail: `${Math.round(adminRun.requestsPerSecond)} req/s vs ${Math.round(baseline.requestsPerSecond)} req/s bare`,
        },
        {
          name: 'GET /api/social/dream-feed?page=1&limit=10 p99 (admin: never cached, 4 connections)',
          value: adminRun.p99Ms,
          unit: 'ms',
        },
        {
          name: 'GET /api/social/dream-feed?page=1&limit=10 uncached (signed in, evicted before each request, 1 connection) p99',
          value: evicted.p99Ms,
          unit: 'ms',
          detail: `p50 ${evicted.p50Ms} ms, mean ${evicted.meanMs} ms over ${evicted.samples}`,
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
        withLikes,
        deep,
        single,
        admin: adminRun,
        uncached: evicted,
      },
      notes: [
        'Cached figures: after the first request for a page, the public page (its shares with like and comment counts, and the page count) comes from the per-process feed cache (server/src/features/social/feed-cache.ts); a signed-in reader adds their likes, also cached, and a reader who posted and liked nothing on the page gets the visitor’s serialised answer. A trigger on shared_dreams, dream_likes and dream_comments (migration 0015) evicts what a change touches, in every process; the writing process evicts before answering.',
        'Uncached figures: the admin’s feed is never cached (it includes hidden items and every poster), so each request runs the feed statement; the evicted figure announces a change before each request, so the signed-in reader’s page is read from the database every time.',
      ],
    };
  } finally {
    await app.stop();
    await bare.stop();
  }
}
