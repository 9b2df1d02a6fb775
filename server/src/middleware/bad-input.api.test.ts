import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@common/messages';
import { NUL_MESSAGE } from '@common/schemas/text';
import { ApiClient, startTestApp, type TestContext } from '../../test/app';
import { signUp, type SignedInUser } from '../../test/factories';

let ctx: TestContext;
let dreamer: SignedInUser;
beforeAll(async () => {
  ctx = await startTestApp();
  dreamer = await signUp(ctx.baseUrl);
});
afterAll(async () => {
  await ctx.close();
});

const rows = async (table: string) =>
  (await ctx.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]?.n;

describe('a NUL character in any string', () => {
  it('is refused with 400 naming the field, on dreams, intentions, search and symbols, and nothing is stored', async () => {
    const before = {
      dreams: await rows('dreams'),
      intentions: await rows('intentions'),
      symbols: await rows('dream_symbols'),
    };
    const c = dreamer.client;
    const cases = [
      [await c.post('/api/dreams', { title: 'Owl\u0000', narrative: 'An owl.' }), 'title'],
      [await c.post('/api/dreams', { title: 'Owl', narrative: 'An \u0000owl.' }), 'narrative'],
      [await c.post('/api/dreams', { title: 'Owl', narrative: 'An owl.', tags: ['ok', 'b\u0000d'] }), 'tags.1'],
      [await c.post('/api/dreams', { title: 'Owl', narrative: 'An owl.', date: '2025-01-01\u0000' }), 'date'],
      [await c.post('/api/intentions', { text: 'Fly\u0000 tonight' }), 'text'],
      [await c.get('/api/dreams/search?q=%00'), 'q'],
      [await c.get('/api/dreams/search?q=owl%00wing'), 'q'],
      [await c.post('/api/dream-symbols/interpret', { symbol: 'owl\u0000' }), 'symbol'],
      [
        await c.post('/api/import', { format: 'csv', data: 'date,title,narrative\n2025-01-01,Owl\u0000,An owl.' }),
        'data',
      ],
      [
        await new ApiClient(ctx.baseUrl).post('/api/auth/login', {
          username: 'dreamer\u0000',
          password: 'moonlight-42',
        }),
        'username',
      ],
    ] as const;
    for (const [res, field] of cases) {
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toEqual(expect.objectContaining({ message: `${field}: ${NUL_MESSAGE}` }));
    }
    expect({
      dreams: await rows('dreams'),
      intentions: await rows('intentions'),
      symbols: await rows('dream_symbols'),
    }).toEqual(before);
  });
});

/** Sends raw bytes and reads the answer until the server closes, or gives up after `timeoutMs`. */
function rawRequest(url: URL, head: string, timeoutMs: number): Promise<{ text: string; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let text = '';
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(head));
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ text, ms: Date.now() - started }));
    socket.setTimeout(timeoutMs, () => socket.destroy());
  });
}

describe('an over-long address', () => {
  const long = 'a'.repeat(12 * 1024);

  it('is answered 414 at once, in the API’s JSON error shape', async () => {
    const started = Date.now();
    const res = await fetch(`${ctx.baseUrl}/api/dreams/search?q=${long}`, {
      headers: { cookie: dreamer.client.cookie ?? '' },
    });
    expect(res.status).toBe(414);
    expect(await res.json()).toEqual({ message: MSG.uriTooLong });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('is answered 414 at once even when the client never finishes its headers (curl 7.88 with a cookie)', async () => {
    // What curl 7.88 sends for a 12 KB address with a cookie: the cookie dropped, no blank line.
    const head = `GET /api/dreams/search?q=${long} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: */*\r\nCookie: \r\n`;
    const { text, ms } = await rawRequest(new URL(ctx.baseUrl), head, 5000);
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 414 URI Too Long');
    expect(text.slice(text.indexOf('\r\n\r\n') + 4)).toBe(JSON.stringify({ message: MSG.uriTooLong }));
    expect(ms).toBeLessThan(2000);
  });

  it('leaves ordinary requests alone and answers oversized headers 431 in JSON', async () => {
    const search = await fetch(`${ctx.baseUrl}/api/dreams/search?q=${encodeURIComponent('é'.repeat(200))}`, {
      headers: { cookie: `${dreamer.client.cookie}; theme=${'x'.repeat(1024)}` },
    });
    expect(search.status).toBe(200);
    const big = await fetch(`${ctx.baseUrl}/api/health`, { headers: { 'x-padding': 'x'.repeat(9 * 1024) } });
    expect(big.status).toBe(431);
    expect(await big.json()).toEqual({ message: MSG.headersTooLarge });
  });
});
