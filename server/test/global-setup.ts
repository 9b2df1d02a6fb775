import type { TestProject } from 'vitest/node';
import { startThrowawayServer } from './pg-server';

export type PgTarget =
  { kind: 'external'; connectionString: string } | { kind: 'bundled'; host: string; port: number; user: string };

declare module 'vitest' {
  export interface ProvidedContext {
    pgTarget: PgTarget;
  }
}

/**
 * One PostgreSQL server per test run: the bundled binaries by default, or the server named by
 * DATABASE_URL when it is set (CI runs the API suite both ways). Each test file makes its own
 * database on it.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    project.provide('pgTarget', { kind: 'external', connectionString: url });
    return;
  }
  const server = await startThrowawayServer();
  project.provide('pgTarget', { kind: 'bundled', ...server.connection });
  return async () => {
    await server.stop();
  };
}
