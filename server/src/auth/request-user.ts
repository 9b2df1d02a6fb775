import type { FastifyInstance, FastifyReply } from 'fastify';
import { SESSION } from '@common/limits';
import type { Database } from '../db/client';
import type { UserRow } from '../db/schema';
import { findCachedSessionUser, findSessionUser } from './sessions';

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
