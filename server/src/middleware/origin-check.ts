import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@common/messages';
import { forbidden } from '../lib/http-error';

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
