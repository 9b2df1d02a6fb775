import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/client';
import { loadConfig, type AppConfig } from '../src/env';
import { createTestDatabase } from './db';
import { lazyEngine } from './engine';
import type { InterpretationEngine } from '../src/engine/types';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '0' }),
    // Tests register many accounts from 127.0.0.1; the throttle test lowers these again.
    authThrottle: { loginFailures: 1000, registrations: 100_000 },
    ...overrides,
  };
}

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  /** The name of the test's own database, for extra connections (see `configFor`). */
  databaseName: string;
  baseUrl: string;
  close(): Promise<void>;
}

/** The real app on a real HTTP port, over a fresh database of its own. */
export async function startTestApp(
  overrides: Partial<AppConfig> = {},
  engine: InterpretationEngine = lazyEngine(),
): Promise<TestContext> {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig(overrides),
    db: database.db,
    engine,
    logger: false,
    clientDir: null,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    db: database.db,
    databaseName: database.name,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A tiny HTTP client with its own cookie, like one browser. */
export class ApiClient {
  cookie: string | null = null;

  constructor(readonly baseUrl: string) {}

  async request<T = Record<string, unknown>>(
    method: string,
    url: string,
    body?: unknown,
    init: { headers?: Record<string, string>; raw?: string } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookie) headers.cookie = this.cookie;
    let payload: string | undefined = init.raw;
    if (body !== undefined) {
      payload = JSON.stringify(body);
    }
    if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const res = await fetch(this.baseUrl + url, { method, headers, body: payload });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const pair = setCookie.split(';')[0] ?? '';
      this.cookie = pair.endsWith('=') ? null : pair;
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = Record<string, unknown>>(url: string) {
    return this.request<T>('GET', url);
  }
  post<T = Record<string, unknown>>(url: string, body?: unknown) {
    return this.request<T>('POST', url, body);
  }
  patch<T = Record<string, unknown>>(url: string, body?: unknown) {
    return this.request<T>('PATCH', url, body);
  }
  put<T = Record<string, unknown>>(url: string, body?: unknown) {
    return this.request<T>('PUT', url, body);
  }
  delete<T = Record<string, unknown>>(url: string) {
    return this.request<T>('DELETE', url);
  }
}
