import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@common/messages';
import { GUIDED_TYPES } from '@common/guided';
import type { GuidedContent, PersonalizedContent } from '@common/schemas/guided';
import { guidedContent } from '../../db/schema';
import { ApiClient, startTestApp, type TestContext } from '../../../test/app';
import { lazyEngine } from '../../../test/engine';
import { signUp, type SignedInUser } from '../../../test/factories';
import { scriptSeconds, spokenWords } from './compose';
import { loadLibrary } from './library';
import { seedGuidedLibrary } from './service';

let ctx: TestContext;
let user: SignedInUser;

beforeAll(async () => {
  ctx = await startTestApp();
  await seedGuidedLibrary(ctx.db);
  user = await signUp(ctx.baseUrl);
});

afterAll(async () => {
  await ctx.close();
});

const personalize = (client: ApiClient, body: unknown) =>
  client.post<PersonalizedContent & { message?: string }>('/api/guided-library/personalized', body);

describe('GET /api/guided-library', () => {
  it('needs a session', async () => {
    const anonymous = new ApiClient(ctx.baseUrl);
    expect((await anonymous.get('/api/guided-library')).status).toBe(401);
    expect((await anonymous.get('/api/guided-library/type/meditation')).status).toBe(401);
    const res = await personalize(anonymous, { focusArea: 'flying' });
    expect(res.status).toBe(401);
  });

  it('lists every seeded item with the spec fields, the Home samples among them', async () => {
    const res = await user.client.get<GuidedContent[]>('/api/guided-library');
    expect(res.status).toBe(200);
    const files = loadLibrary();
    expect(res.body).toHaveLength(files.length);
    expect(res.body.length).toBeGreaterThanOrEqual(30);
    for (const item of res.body) {
      expect(GUIDED_TYPES).toContain(item.contentType);
      expect(item.duration).toBeGreaterThanOrEqual(5);
      expect(item.duration).toBeLessThanOrEqual(45);
      expect(item.tags.length).toBeGreaterThan(0);
      // Real practice text: several paragraphs, not a blurb.
      expect(item.content.split(/\n\s*\n/).length).toBeGreaterThanOrEqual(4);
      expect(Date.parse(item.createdAt)).not.toBeNaN();
    }
    const induction = res.body.find((i) => i.title === 'Lucid Dream Induction');
    expect(induction).toMatchObject({ duration: 15, difficulty: 'beginner' });
    const astral = res.body.find((i) => i.title === 'Astral Projection Guide');
    expect(astral).toMatchObject({ duration: 20, difficulty: 'advanced' });
    expect(res.body.some((i) => i.isPremium)).toBe(true);
    expect(res.body.some((i) => i.isFeatured)).toBe(true);
    expect(new Set(res.body.map((i) => i.difficulty)).size).toBe(3);
  });

  it('lists one type at a time, and refuses a type outside the spec', async () => {
    const all = (await user.client.get<GuidedContent[]>('/api/guided-library')).body;
    let total = 0;
    for (const type of GUIDED_TYPES) {
      const res = await user.client.get<GuidedContent[]>(`/api/guided-library/type/${type}`);
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
      expect(res.body.every((i) => i.contentType === type)).toBe(true);
      total += res.body.length;
    }
    expect(total).toBe(all.length);
    for (const bad of ['yoga', 'MEDITATION', '%00', 'meditation%20']) {
      const res = await user.client.get<{ message: string }>(`/api/guided-library/type/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/type/);
    }
  });
});

describe('seeding', () => {
  it('is idempotent, updates an edited item in place and removes an item whose file is gone', async () => {
    const before = await ctx.db.select().from(guidedContent);
    expect(await seedGuidedLibrary(ctx.db)).toEqual({ added: 0, updated: 0, removed: 0 });
    const again = await ctx.db.select().from(guidedContent);
    expect(again.map((r) => [r.id, r.title]).sort()).toEqual(before.map((r) => [r.id, r.title]).sort());

    const files = loadLibrary();
    const [first, second, ...rest] = files;
    if (!first || !second) throw new Error('the library is empty');
    const edited = { ...first, duration: first.duration === 45 ? 40 : first.duration + 5 };
    expect(await seedGuidedLibrary(ctx.db, [edited, ...rest])).toEqual({ added: 0, updated: 1, removed: 1 });
    const rows = await ctx.db.select().from(guidedContent);
    const row = rows.find((r) => r.title === first.title);
    expect(row?.duration).toBe(edited.duration);
    expect(row?.id).toBe(before.find((r) => r.title === first.title)?.id);
    expect(rows.some((r) => r.title === second.title)).toBe(false);
    // Every app process drops its cached answers when the library changes (announced by a trigger).
    await expect
      .poll(async () => {
        const listed = (await user.client.get<GuidedContent[]>('/api/guided-library')).body;
        return [listed.find((i) => i.title === first.title)?.duration, listed.some((i) => i.title === second.title)];
      })
      .toEqual([edited.duration, false]);

    // Back to the shipped files.
    expect(await seedGuidedLibrary(ctx.db)).toEqual({ added: 1, updated: 1, removed: 0 });
    expect(await ctx.db.select().from(guidedContent)).toHaveLength(files.length);
    await expect
      .poll(async () => (await user.client.get<GuidedContent[]>('/api/guided-library')).body.length)
      .toBe(files.length);
  });
});

describe('POST /api/guided-library/personalized', () => {
  it('makes a script sized to the minutes that names the focus area', async () => {
    const short = await personalize(user.client, {
      contentType: 'meditation',
      difficulty: 'beginner',
      focusArea: 'Flying over a moonlit ocean',
      duration: 5,
      preferences: '',
    });
    const long = await personalize(user.client, {
      contentType: 'meditation',
      difficulty: 'beginner',
      focusArea: 'Flying over a moonlit ocean',
      duration: 30,
      preferences: '',
    });
    expect(short.status).toBe(200);
    expect(long.status).toBe(200);
    for (const res of [short, long]) {
      expect(Object.keys(res.body).sort()).toEqual(['content', 'description', 'tags', 'title']);
      expect(res.body.content).toMatch(/flying over a moonlit ocean/i);
      expect(res.body.title).toMatch(/Flying over a moonlit ocean/);
      expect(res.body.tags).toEqual(expect.arrayContaining(['meditation', 'beginner']));
      expect(res.body.content).toMatch(/\[pause \d+(s|m)\]/);
    }
    expect(spokenWords(long.body.content)).toBeGreaterThan(spokenWords(short.body.content) * 3);
    // Spoken words at the pace plus the rests come to the minutes asked for.
    expect(scriptSeconds(short.body.content) / 60).toBeGreaterThan(4);
    expect(scriptSeconds(short.body.content) / 60).toBeLessThanOrEqual(6.5);
    expect(scriptSeconds(long.body.content) / 60).toBeGreaterThan(27);
    expect(scriptSeconds(long.body.content) / 60).toBeLessThanOrEqual(31);
  });

  it('gives two focus areas clearly different scripts, and weaves in the preferences', async () => {
    const base = { contentType: 'technique', difficulty: 'intermediate', duration: 15 };
    const a = await personalize(user.client, { ...base, focusArea: 'a staircase of light' });
    const b = await personalize(user.client, {
      ...base,
      focusArea: 'meeting my late grandmother',
      preferences: 'short sentences and ocean imagery',
    });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const words = (text: string, focus: string) =>
      new Set(text.toLowerCase().replaceAll(focus, ' ').split(/\W+/).filter(Boolean));
    const wa = words(a.body.content, 'a staircase of light');
    const wb = words(b.body.content, 'meeting my late grandmother');
    const shared = [...wa].filter((w) => wb.has(w)).length;
    // Other blocks, not the same script with another name in it.
    expect(shared / Math.max(wa.size, wb.size)).toBeLessThan(0.8);
    expect(a.body.content).not.toMatch(/grandmother/);
    expect(b.body.content).toMatch(/short sentences and ocean imagery/);
    expect(b.body.description).toMatch(/preferences/);
  });

  it("uses the user's own recurring dream signs, and no one else's", async () => {
    const dreamer = await signUp(ctx.baseUrl);
    for (const narrative of [
      'I was swimming in a dark ocean under a huge moon, and a staircase rose out of the water.',
      'The ocean had flooded my school. I climbed a staircase to the roof while the moon watched.',
      'A staircase spiralled down to an underground ocean; the moon was reflected in it.',
    ]) {
      const res = await dreamer.client.post('/api/dreams', { title: 'Entry', narrative, tags: [] });
      expect(res.status).toBe(201);
    }
    const signs = await dreamer.client.get<{ signs: Array<{ label: string; count: number }> }>(
      '/api/analytics/dream-signs',
    );
    const top = signs.body.signs.filter((s) => s.count >= 2).map((s) => s.label.toLowerCase());
    expect(top.length).toBeGreaterThan(0);

    const body = {
      contentType: 'technique',
      difficulty: 'beginner',
      focusArea: 'noticing I am dreaming',
      duration: 20,
    };
    const mine = await personalize(dreamer.client, body);
    expect(mine.status).toBe(200);
    expect(mine.body.content).toContain('Your recurring dream signs (');
    expect(mine.body.content.toLowerCase()).toContain(top[0]);

    // A new dream is read at once: the cached signs are dropped when the journal changes.
    for (const narrative of [
      'A snake slept on the seat of an empty train.',
      'I chased a train across a field while a snake watched from the grass.',
      'The train stopped and a snake crossed the tracks in front of it.',
      'A green snake coiled around the handrail of the night train.',
    ]) {
      const res = await dreamer.client.post('/api/dreams', { title: 'Entry', narrative, tags: [] });
      expect(res.status).toBe(201);
    }
    const later = await dreamer.client.get<{ signs: Array<{ label: string; count: number }> }>(
      '/api/analytics/dream-signs',
    );
    const newTop = later.body.signs
      .filter((s) => s.count >= 2)
      .slice(0, 3)
      .map((s) => s.label.toLowerCase());
    // Among the three woven in, at least one that the first answer could not have had.
    expect(
      newTop.some((l) => !top.includes(l)),
      `${top.join()} → ${later.body.signs.map((s) => `${s.label}:${s.count}`).join()}`,
    ).toBe(true);
    await expect
      .poll(async () => {
        const res = await personalize(dreamer.client, body);
        const intro = res.body.content.split('\n')[0] ?? '';
        return newTop.every((label) => intro.toLowerCase().includes(label));
      })
      .toBe(true);

    const stranger = await signUp(ctx.baseUrl);
    const theirs = await personalize(stranger.client, body);
    expect(theirs.status).toBe(200);
    expect(theirs.body.content).not.toContain('Your recurring dream signs (');
  });

  it('applies the defaults (meditation, beginner, 15 minutes) and ignores a userId', async () => {
    const res = await personalize(user.client, { focusArea: 'a quiet forest', userId: 99999 });
    expect(res.status).toBe(200);
    expect(res.body.tags).toEqual(expect.arrayContaining(['meditation', 'beginner']));
    expect(res.body.content).toMatch(/15-minute meditation/);
  });

  it.each([
    ['no focus area', {}, MSG.focusAreaRequired],
    ['an empty focus area', { focusArea: '' }, MSG.focusAreaRequired],
    ['a blank focus area', { focusArea: '   \n ' }, MSG.focusAreaRequired],
    ['a focus area that is not text', { focusArea: 42 }, MSG.focusAreaRequired],
    ['a focus area over 200 characters', { focusArea: 'x'.repeat(201) }, /focusArea/],
    ['a duration off the 5-minute steps', { focusArea: 'flying', duration: 7 }, /duration/],
    ['a duration under 5', { focusArea: 'flying', duration: 0 }, /duration/],
    ['a duration over 30', { focusArea: 'flying', duration: 35 }, /duration/],
    ['a duration as text', { focusArea: 'flying', duration: '15' }, /duration/],
    ['a fractional duration', { focusArea: 'flying', duration: 12.5 }, /duration/],
    ['an unknown type', { focusArea: 'flying', contentType: 'yoga' }, /contentType/],
    ['an unknown difficulty', { focusArea: 'flying', difficulty: 'expert' }, /difficulty/],
    ['preferences over 1,000 characters', { focusArea: 'flying', preferences: 'y'.repeat(1001) }, /preferences/],
    ['an unknown field', { focusArea: 'flying', mood: 'calm' }, /mood/],
    ['a NUL in the focus area', { focusArea: 'fly\u0000ing' }, /focusArea/],
  ])('answers 400 to %s', async (_name, body, message) => {
    const res = await personalize(user.client, body);
    expect(res.status).toBe(400);
    if (typeof message === 'string') expect(res.body.message).toContain(message);
    else expect(res.body.message).toMatch(message);
  });

  it('answers 400 to a body that is not JSON or not an object', async () => {
    const notJson = await user.client.request('POST', '/api/guided-library/personalized', undefined, {
      raw: '{"focusArea": "fly',
    });
    expect(notJson.status).toBe(400);
    const list = await personalize(user.client, ['flying']);
    expect(list.status).toBe(400);
  });
});

/** A fake OpenAI-compatible server answering every chat completion with `answer` (or failing with `status`). */
async function fakeModel(
  answer: () => string,
  status = 200,
): Promise<{ url: string; calls: () => number; close: () => Promise<void> }> {
  let calls = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls += 1;
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      if (status !== 200) return res.end(JSON.stringify({ error: { message: 'overloaded' } }));
      res.end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 0,
          model: 'fake',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: answer() } }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    calls: () => calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('with AI_PROVIDER=openai', () => {
  it('asks a failing model server once, then writes scripts locally without waiting on it', async () => {
    const model = await fakeModel(() => '', 503);
    const app = await startTestApp({
      ai: { provider: 'openai', openai: { baseURL: model.url, apiKey: 'breaker-test', model: 'fake' } },
    });
    try {
      await seedGuidedLibrary(app.db);
      const member = await signUp(app.baseUrl);
      const body = { contentType: 'meditation', difficulty: 'beginner', focusArea: 'a quiet harbour', duration: 5 };
      for (let i = 0; i < 3; i++) {
        const res = await personalize(member.client, body);
        expect(res.status).toBe(200);
        expect(res.body.title).toBe('Meditation: A quiet harbour');
      }
      expect(model.calls()).toBe(1);
    } finally {
      await app.close();
      await model.close();
    }
  });

  it("uses the model's script when it passes the checks, and the local composition when it does not", async () => {
    let reply = '';
    const model = await fakeModel(() => reply);
    const app = await startTestApp({
      ai: { provider: 'openai', openai: { baseURL: model.url, apiKey: 'test', model: 'fake' } },
    });
    try {
      await seedGuidedLibrary(app.db);
      const member = await signUp(app.baseUrl);
      const body = {
        contentType: 'meditation',
        difficulty: 'beginner',
        focusArea: 'a lantern in the fog',
        duration: 5,
      };
      const local = await personalize(member.client, { ...body, duration: 5 });
      const words = spokenWords(local.body.content);
      const sentence = 'Breathe slowly and follow a lantern in the fog as it drifts ahead of you.';
      const script = `## Into the fog\n\n${Array.from({ length: Math.ceil(words / 15) }, () => sentence).join(' ')}\n\n[pause 1m]`;
      reply = JSON.stringify({
        title: 'Lantern walk',
        description: 'A walk in the fog.',
        content: script,
        tags: ['fog'],
      });
      const good = await personalize(member.client, body);
      expect(good.status).toBe(200);
      expect(good.body).toEqual({
        title: 'Lantern walk',
        description: 'A walk in the fog.',
        content: script,
        tags: ['fog'],
      });

      for (const bad of [
        'not json',
        JSON.stringify({ title: 'Lantern walk', description: 'x', content: 'Too short. [pause 1m]', tags: ['fog'] }),
        JSON.stringify({
          title: 'No focus',
          description: 'x',
          content: script.replaceAll('lantern', 'candle'),
          tags: ['x'],
        }),
        JSON.stringify({ title: 'No rests', description: 'x', content: script.replace('[pause 1m]', ''), tags: ['x'] }),
      ]) {
        reply = bad;
        const res = await personalize(member.client, body);
        expect(res.status).toBe(200);
        expect(res.body.title).toBe('Meditation: A lantern in the fog');
        expect(res.body.content).toBe(local.body.content);
      }
      expect(model.calls()).toBeGreaterThanOrEqual(6);
    } finally {
      await app.close();
      await model.close();
    }
  });
});

describe('a journal whose dream signs take long to read', () => {
  it('gets its script without waiting, and the signs in the next one once they are read', async () => {
    const engine = lazyEngine();
    let delayMs = 0;
    const slow = {
      ...engine,
      analyseMany: async (...args: Parameters<typeof engine.analyseMany>) => {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        return engine.analyseMany(...args);
      },
    };
    const app = await startTestApp({}, slow);
    try {
      await seedGuidedLibrary(app.db);
      const member = await signUp(app.baseUrl);
      for (let i = 0; i < 3; i += 1) {
        const res = await member.client.post('/api/dreams', {
          title: 'Entry',
          narrative: 'A snake slept on the seat of an empty train.',
          tags: [],
        });
        expect(res.status).toBe(201);
      }
      await engine.ready();
      delayMs = 4_000;
      const body = { focusArea: 'the night train', duration: 10 };
      const started = Date.now();
      const first = await personalize(member.client, body);
      expect(first.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(3_500);
      expect(first.body.content).not.toContain('Your recurring dream signs (');
      await expect
        .poll(async () => (await personalize(member.client, body)).body.content, { timeout: 15_000 })
        .toContain('Your recurring dream signs (');
    } finally {
      await app.close();
    }
  });
});
