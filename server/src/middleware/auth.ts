import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION } from '@common/limits';
import { MSG } from '@common/messages';
import type { Database } from '../db/client';
import type { UserRow } from '../db/schema';
import { findSessionUser } from '../features/auth/sessions';
import { forbidden, unauthorized } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    sessionToken: string | null;
  }
}

export interface CookieOptions {
  secure: boolean;
}

export function setSessionCookie(reply: FastifyReply, token: string, expires: Date, options: CookieOptions): void {
  reply.setCookie(SESSION.cookieName, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: '/',
    expires,
  });
}

export function clearSessionCookie(reply: FastifyReply, options: CookieOptions): void {
  reply.clearCookie(SESSION.cookieName, { httpOnly: true, sameSite: 'lax', secure: options.secure, path: '/' });
}

/** Resolves the session cookie to request.user on every API request. */
export function registerAuth(app: FastifyInstance, db: Database, cookie: CookieOptions): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION.cookieName];
    if (!token || token.length > 200) return;
    const found = await findSessionUser(db, token);
    if (!found) return;
    request.user = found.user;
    request.sessionToken = token;
    if (found.renewedUntil) setSessionCookie(reply, token, found.renewedUntil, cookie);
  });
}

/** Answers 401 directly (no thrown error): signed-out visitors ask /api/auth/user on every page load. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply) {
  if (!request.user) return reply.code(401).send({ message: MSG.notSignedIn });
  return undefined;
}

export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized(MSG.notSignedIn);
  if (!request.user.isAdmin && !request.user.isSuperAdmin) throw forbidden(MSG.adminOnly);
}

/** The signed-in user; only call after requireUser ran. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized(MSG.notSignedIn);
  return request.user;
}

/**
 * Refuses state-changing requests that a browser marks as coming from another site, so the
 * session cookie cannot be ridden cross-site. Non-browser clients send neither header.
 */
export function registerOriginCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') throw forbidden(MSG.crossOrigin);
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      let originHost: string;
      try {
        originHost = new URL(origin).host;
      } catch {
        throw forbidden(MSG.crossOrigin);
      }
      // request.host honours X-Forwarded-Host only when TRUST_PROXY is on.
      if (originHost !== request.host) throw forbidden(MSG.crossOrigin);
    } else if (origin === 'null') {
      throw forbidden(MSG.crossOrigin);
    }
  });
}
