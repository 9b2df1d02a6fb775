import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@common/messages';
import type { Dream } from '@common/schemas/dreams';
import { startTestApp, type TestContext } from '../../test/app';
import { signUp } from '../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const JSON_HEADERS = { 'content-type': 'application/json' };

describe('an empty body with Content-Type: application/json', () => {
  it('signs out with POST /api/auth/logout (and /api/logout)', async () => {
    for (const url of ['/api/auth/logout', '/api/logout']) {
      const { client } = await signUp(ctx.baseUrl);
      const res = await client.request('POST', url, undefined, { headers: JSON_HEADERS, raw: '' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await client.get('/api/auth/me')).status).toBe(401);
    }
  });

  it('deletes a dream with DELETE /api/dreams/{id}', async () => {
    const { client } = await signUp(ctx.baseUrl);
    const dream = await client.post<Dream>('/api/dreams', { title: 'Gone soon', narrative: 'A short dream.' });
    const res = await client.request('DELETE', `/api/dreams/${dream.body.id}`, undefined, {
      headers: { 'content-type': 'application/json; charset=utf-8' },
      raw: '',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await client.get(`/api/dreams/${dream.body.id}`)).status).toBe(404);
  });

  it('is accepted by every route that takes no body (from the API description)', async () => {
    const { client } = await signUp(ctx.baseUrl);
    const dream = await client.post<Dream>('/api/dreams', { title: 'Kept', narrative: 'A dream to point at.' });
    const docs = await client.get<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>('/api/docs');
    const bodyless: string[] = [];
    for (const [path, methods] of Object.entries(docs.body.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (method === 'get' || method === 'head' || operation.requestBody) continue;
        bodyless.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(bodyless).toEqual(
      expect.arrayContaining(['POST /api/auth/logout', 'POST /api/logout', 'DELETE /api/dreams/{id}']),
    );
    for (const route of bodyless) {
      const [method = '', path = ''] = route.split(' ');
      // Logout last: the other calls need the session.
      if (path.endsWith('logout')) continue;
      const url = path.replace(/\{[^}]+\}/g, String(dream.body.id));
      const res = await client.request(method, url, undefined, { headers: JSON_HEADERS, raw: '' });
      const seen = `${route}: ${res.status} ${JSON.stringify(res.body)}`;
      // The id is a dream's: routes about dreams must succeed; routes about other things (a shared dream,
      // a comment, a user) may answer that the thing is not there or not theirs, but never refuse the body.
      if (path.startsWith('/api/dreams/')) expect(res.status, seen).toBeLessThan(300);
      else expect([400, 413, 415], seen).not.toContain(res.status);
      expect(res.status, seen).toBeLessThan(500);
    }
  });

  it('still refuses malformed JSON, and says a body is missing where one is needed', async () => {
    const { client } = await signUp(ctx.baseUrl);
    const malformed = await client.request('DELETE', '/api/dreams/1', undefined, { headers: JSON_HEADERS, raw: '{' });
    expect(malformed).toMatchObject({ status: 400, body: { message: MSG.malformedJson } });
    for (const [method, url] of [
      ['POST', '/api/dreams'],
      ['PATCH', '/api/dreams/1'],
      ['POST', '/api/intentions'],
      ['POST', '/api/auth/login'],
      ['POST', '/api/dream-symbols/interpret'],
    ] as const) {
      const res = await client.request(method, url, undefined, { headers: JSON_HEADERS, raw: '' });
      expect(res, `${method} ${url}`).toMatchObject({ status: 400, body: { message: MSG.bodyMissing } });
    }
  });
});
