import type { FastifyInstance } from 'fastify';

/**
 * "All calls use JSON" (spec §7): clients send `Content-Type: application/json` on every call,
 * also on calls that carry nothing (logout, delete). An empty body is therefore read as no body
 * rather than as malformed JSON; a route that needs a body says so when it validates
 * (errors.ts answers "Request body is missing"). Anything else is parsed as Fastify does, with the
 * same guards against prototype poisoning and the route's own size limit.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    parseJson(request, body.toString(), done);
  });
}
