// Idempotency-Key for POST endpoints (IETF httpapi draft "The Idempotency-Key HTTP Header Field").
// A client that may send the same request twice (a double click, a retry after a lost answer, an
// offline queue) sends a unique key with it; the server does the work once and answers every
// repeat with the first answer.
//
// Use in a route:
//   r.post(path, { preValidation: rememberRequestForIdempotency, schema }, async (request, reply) => {
//     const key = idempotencyKeyOf(request);
//     if (!key) return plainWork();
//     const answer = await withIdempotencyKey(db, idempotencyRequest(request, userId, key), async (tx) => {
//       ...the work, inside tx...; return { status: 201, body };
//     });
//     return replyWithStoredAnswer(reply, answer);
//   });
//
// The key row is claimed (INSERT … ON CONFLICT) at the start of the work's own transaction and its
// answer is written before that transaction commits. A concurrent request with the same key blocks
// on the claim until the first commits (then reads its answer) or rolls back (then does the work
// itself), so two requests can never both do the work. Only successful answers are kept: when the
// work fails, nothing is stored and a retry runs again.
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@common/messages';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { badRequest, HttpError } from './http-error';

/** Keys are kept this long; a key seen again later starts afresh. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const TTL_SQL = sql.raw(`interval '${IDEMPOTENCY_TTL_MS / 1000} seconds'`);

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface StoredAnswer<T = unknown> {
  status: number;
  body: T;
}

export interface IdempotentRequest {
  userId: number;
  key: string;
  /** Hash of the method, route and body as sent: the same key with another request is refused. */
  requestHash: string;
}

/** Printable ASCII, no leading or trailing space, at most 255 characters. */
const KEY_PATTERN = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;

/**
 * The request's Idempotency-Key, or undefined when it has none. The draft sends it as a structured
 * field string (`"8e03978e-…"`); a bare token is accepted too. A malformed key is a 400.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  if (Array.isArray(raw)) throw badRequest(MSG.idempotencyKeyInvalid);
  let key = raw.trim();
  if (key.length >= 2 && key.startsWith('"') && key.endsWith('"')) key = key.slice(1, -1);
  if (!KEY_PATTERN.test(key)) throw badRequest(MSG.idempotencyKeyInvalid);
  return key;
}

/** JSON with object keys sorted, so the same body written in another key order hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(method: string, route: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${route}\n${canonicalJson(body)}`)
    .digest('hex');
}

const hashes = new WeakMap<FastifyRequest, string>();

/**
 * Route `preValidation` hook: hashes the body as the client sent it, before validation fills in
 * defaults (a missing date becomes "now", which would differ between a request and its retry).
 */
export async function rememberRequestForIdempotency(request: FastifyRequest): Promise<void> {
  if (request.headers['idempotency-key'] === undefined) return;
  hashes.set(request, requestHash(request.method, request.routeOptions.url ?? request.url, request.body));
}

export function idempotencyRequest(request: FastifyRequest, userId: number, key: string): IdempotentRequest {
  const hash = hashes.get(request);
  if (!hash) throw new Error('the route must register rememberRequestForIdempotency as its preValidation hook');
  return { userId, key, requestHash: hash };
}

/**
 * Runs `work` once per (user, key): the first request does it and its answer is stored in the same
 * transaction; a repeat (even one in flight at the same moment) gets the stored answer with
 * `replayed: true`. The same key with a different request is a 422.
 */
export async function withIdempotencyKey<T>(
  db: Database,
  request: IdempotentRequest,
  work: (tx: Tx) => Promise<StoredAnswer<T>>,
): Promise<StoredAnswer<T> & { replayed: boolean }> {
  const { userId, key, requestHash: hash } = request;
  const row = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  return db.transaction(async (tx) => {
    // Claims the key, or an expired record of it. Waits while another transaction holds it.
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash: hash })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: { requestHash: hash, responseStatus: null, responseBody: null, createdAt: sql`now()` },
        setWhere: lt(idempotencyKeys.createdAt, sql`now() - ${TTL_SQL}`),
      })
      .returning({ userId: idempotencyKeys.userId });
    if (claimed.length) {
      const answer = await work(tx);
      await tx.update(idempotencyKeys).set({ responseStatus: answer.status, responseBody: answer.body }).where(row);
      return { ...answer, replayed: false };
    }
    const [stored] = await tx.select().from(idempotencyKeys).where(row);
    if (!stored || stored.responseStatus === null) {
      // Not reachable while answers are written in the claiming transaction; kept as the draft's 409.
      throw new HttpError(409, MSG.idempotencyKeyInFlight);
    }
    if (stored.requestHash !== hash) throw new HttpError(422, MSG.idempotencyKeyReused);
    return { status: stored.responseStatus, body: stored.responseBody as T, replayed: true };
  });
}

export function replyWithStoredAnswer(reply: FastifyReply, answer: StoredAnswer & { replayed: boolean }) {
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(answer.status).send(answer.body);
}

/** Deletes keys older than 24 hours (at start-up and periodically). */
export async function pruneIdempotencyKeys(db: Database): Promise<number> {
  const result = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - ${TTL_SQL}`));
  return result.rowCount ?? 0;
}
