import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, withParams } from './api-client';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api client (spec §7 shared request rules)', () => {
  it('appends query parameters and skips undefined ones', () => {
    expect(withParams('/api/dreams/recent', { limit: 3, q: undefined, x: null })).toBe('/api/dreams/recent?limit=3');
    expect(withParams('/api/x', {})).toBe('/api/x');
  });

  it('sends credentials, defaults to GET and sends no body on GET', async () => {
    const fetchMock = stubFetch(new Response('[]', { status: 200 }));
    await apiRequest('/api/dreams', { body: { ignored: true } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBeUndefined();
  });

  it('sends JSON bodies for other methods', async () => {
    const fetchMock = stubFetch(new Response('{"id":1}', { status: 201 }));
    const res = await apiRequest<{ id: number }>('/api/dreams', { method: 'POST', body: { title: 't' } });
    expect(res.id).toBe(1);
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"title":"t"}');
  });

  it('turns a 204 into an empty object', async () => {
    stubFetch(new Response(null, { status: 204 }));
    expect(await apiRequest('/api/x', { method: 'DELETE' })).toEqual({});
  });

  it('raises "API error: {status} {statusText}" with the parsed body, or its text', async () => {
    stubFetch(new Response('{"message":"Dream not found"}', { status: 404, statusText: 'Not Found' }));
    const err = await apiRequest('/api/dreams/9').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('API error: 404 Not Found');
    expect((err as ApiError).serverMessage).toBe('Dream not found');

    stubFetch(new Response('gateway exploded', { status: 502, statusText: 'Bad Gateway' }));
    const textErr = (await apiRequest('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(textErr.body).toBe('gateway exploded');
    expect(textErr.status).toBe(502);
  });
});

describe('extra headers', () => {
  it('sends the caller’s headers with the JSON ones', async () => {
    const fetchMock = stubFetch(new Response('{"id":1}', { status: 201 }));
    await apiRequest('/api/dreams', { method: 'POST', body: {}, headers: { 'Idempotency-Key': '"k-1"' } });
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toBe('"k-1"');
    expect(headers['Content-Type']).toBe('application/json');
  });
});
