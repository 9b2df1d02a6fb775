import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION } from '@common/limits';
import { MSG } from '@common/messages';
import type { Database } from '../db/client';
import type { UserRow } from '../db/schema';
import { findCachedSessionUser, findSessionUser } from '../features/auth/sessions';
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

/** API requests, and /landing (a visitor gets the static page, a signed-in user the app). */
function needsSession(url: string): boolean {
  return url.startsWith('/api/') || url === '/landing' || url.startsWith('/landing?');
}

/** Resolves the session cookie to request.user on every request that needs it (needsSession). */
export function registerAuth(app: FastifyInstance, db: Database, cookie: CookieOptions): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  // Callback style with a synchronous path: most requests are answered by the session cache.
  app.addHook('onRequest', (request, reply, done) => {
    if (!needsSession(request.url)) return done();
    const token = request.cookies[SESSION.cookieName];
    if (!token || token.length > 200) return done();
    const cached = findCachedSessionUser(db, token);
    if (cached) {
      request.user = cached;
      request.sessionToken = token;
      return done();
    }
    findSessionUser(db, token).then((found) => {
      if (found) {
        request.user = found.user;
        request.sessionToken = token;
        if (found.renewedUntil) setSessionCookie(reply, token, found.renewedUntil, cookie);
      }
      done();
    }, done);
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
  // Callback style: GET requests (most of them) pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return done();
    try {
      assertSameOrigin(request);
      done();
    } catch (err) {
      done(err as Error);
    }
  });
}

function assertSameOrigin(request: FastifyRequest): void {
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
}
