import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from './index';
import type { InterpretRequest, InterpretationEngine } from './types';

/** A tiny OpenAI-compatible server whose behaviour each test chooses. */
type Mode = 'ok' | 'reject-schema' | 'malformed' | 'wrong-shape' | 'slow';

interface Seen {
  path: string;
  responseFormat: string | undefined;
  model: string | undefined;
  prompt: string;
  auth: string | undefined;
}

const PARAGRAPHS = [
  'The dream opens by the ocean at night.',
  'The ocean here speaks of depth and feeling.',
  'The mood moves from fear to calm.',
  'Watch for the ocean as a dream sign and check whether you are dreaming.',
  'What feels as vast as the ocean in your life right now?',
];

let mode: Mode = 'ok';
const seen: Seen[] = [];
const warnings: Array<{ obj: object; msg?: string }> = [];
let server: Server;
let engine: InterpretationEngine;

function completion(content: string): string {
  return JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 0,
    model: 'fake-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = JSON.parse(await readBody(req)) as {
    model?: string;
    response_format?: { type?: string };
    messages?: Array<{ role: string; content: string }>;
  };
  const format = body.response_format?.type;
  seen.push({
    path: req.url ?? '',
    responseFormat: format,
    model: body.model,
    prompt: body.messages?.find((m) => m.role === 'user')?.content ?? '',
    auth: req.headers.authorization,
  });
  const send = (status: number, payload: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(payload);
  };
  switch (mode) {
    case 'ok':
      return send(200, completion(JSON.stringify({ paragraphs: PARAGRAPHS })));
    case 'reject-schema':
      if (format === 'json_schema')
        return send(
          400,
          JSON.stringify({
            error: { message: 'response_format json_schema is not supported', type: 'invalid_request_error' },
          }),
        );
      return send(200, completion(JSON.stringify({ paragraphs: PARAGRAPHS.slice(0, 4) })));
    case 'malformed':
      return send(200, completion('Here is your interpretation: the ocean means feelings.'));
    case 'wrong-shape':
      return send(200, completion(JSON.stringify({ paragraphs: ['only one'] })));
    case 'slow':
      // Longer than the client's timeout; the response is abandoned.
      setTimeout(() => send(200, completion(JSON.stringify({ paragraphs: PARAGRAPHS }))), 3000).unref();
      return;
  }
}

const req = (): InterpretRequest => ({
  dream: {
    id: 7,
    title: 'Night swim',
    narrative: 'I swam in the ocean at night. I was scared, then calm.',
    tags: [],
    timePeriod: null,
    date: null,
  },
  intention: null,
  history: [],
  previous: [],
});

beforeAll(async () => {
  server = createServer((rq, rs) => {
    handle(rq, rs).catch(() => {
      rs.writeHead(500);
      rs.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  engine = createEngine({
    provider: 'openai',
    openai: { baseURL: `http://127.0.0.1:${port}/v1`, apiKey: 'test-key', model: 'fake-model', timeoutMs: 300 },
    log: { info: () => undefined, warn: (obj, msg) => warnings.push({ obj, msg }) },
  });
  await engine.ready();
}, 60_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
  warnings.length = 0;
});

describe('OpenAI-compatible provider', () => {
  it('returns the model reading, grounded in the local analysis', async () => {
    mode = 'ok';
    const r = await engine.interpret(req());
    expect(r.provider).toBe('openai');
    expect(r.content).toBe(PARAGRAPHS.join('\n\n'));
    expect(r.analysis.symbols.map((s) => s.name)).toContain('ocean');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      path: '/v1/chat/completions',
      responseFormat: 'json_schema',
      model: 'fake-model',
      auth: 'Bearer test-key',
    });
    expect(seen[0]?.prompt).toContain('I swam in the ocean at night.');
    expect(seen[0]?.prompt).toMatch(/"ocean" → ocean \(Water/);
    expect(seen[0]?.prompt).toContain('movement:');
    expect(warnings).toEqual([]);
  });

  it('retries once with json_object when the server rejects json_schema', async () => {
    mode = 'reject-schema';
    const r = await engine.interpret(req());
    expect(r.provider).toBe('openai');
    expect(r.content.split('\n\n')).toHaveLength(4);
    expect(seen.map((s) => s.responseFormat)).toEqual(['json_schema', 'json_object']);
  });

  it('falls back to the local reading when the answer is not JSON', async () => {
    mode = 'malformed';
    const r = await engine.interpret(req());
    expect(r.provider).toBe('local');
    expect(r.content.split('\n\n').length).toBeGreaterThanOrEqual(4);
    expect(r.content).toContain('ocean');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.obj).toMatchObject({ reason: expect.stringContaining('not valid JSON') });
  });

  it('falls back when the answer does not match the schema', async () => {
    mode = 'wrong-shape';
    const r = await engine.interpret(req());
    expect(r.provider).toBe('local');
    expect(warnings[0]?.obj).toMatchObject({ reason: expect.stringContaining('schema') });
  });

  it('falls back when the server does not answer in time', async () => {
    mode = 'slow';
    const started = Date.now();
    const r = await engine.interpret(req());
    expect(r.provider).toBe('local');
    expect(Date.now() - started).toBeLessThan(2900);
    expect(warnings[0]?.obj).toMatchObject({ reason: expect.stringMatching(/timed out|timeout/i) });
  }, 10_000);

  it('falls back when the server is unreachable', async () => {
    const offline = createEngine({
      provider: 'openai',
      openai: { baseURL: 'http://127.0.0.1:9/v1', apiKey: 'x', timeoutMs: 300 },
      log: { info: () => undefined, warn: (obj, msg) => warnings.push({ obj, msg }) },
    });
    const r = await offline.interpret(req());
    expect(r.provider).toBe('local');
    expect(warnings.length).toBeGreaterThan(0);
  }, 60_000);

  it('delegates analysis, symbol readings and the dictionary to the local engine', async () => {
    expect((await engine.interpretSymbol('ocean')).source).toBe('knowledge-base');
    expect((await engine.analyse(req().dream)).symbols.length).toBeGreaterThan(0);
    expect((await engine.dictionarySeed()).length).toBeGreaterThan(300);
    expect(seen).toEqual([]);
  });
});
