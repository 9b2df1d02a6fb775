import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTH_THROTTLE } from '@common/limits';
import { MSG } from '@common/messages';
import { isAdmin } from '@common/roles';
import { checkAdminSchema, loginBodySchema, publicUserSchema, registerBodySchema } from '@common/schemas/auth';
import { messageSchema } from '@common/schemas/message';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { tooManyRequests, unauthorized } from '../../lib/http-error';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password';
import { sendSerialized, serialize } from '../../lib/serialized';
import { SlidingWindowCounter } from '../../lib/throttle';
import { currentUser, requireUser } from '../../auth/guards';
import { clearSessionCookie, setSessionCookie, type CookieOptions } from '../../auth/request-user';
import { presentUser } from '../users/presenter';
import { createUser, findUserByUsername } from '../users/service';
import { createSession, deleteSession } from '../../auth/sessions';

export interface AuthRouteOptions {
  db: Database;
  cookie: CookieOptions;
  loginFailures?: number;
  registrations?: number;
}

const errorResponses = { 400: messageSchema, 401: messageSchema, 409: messageSchema, 429: messageSchema };

/** Auth endpoints; the /api/* fallbacks are aliases served by the same handlers (spec decision). */
export async function authRoutes(app: FastifyInstance, options: AuthRouteOptions): Promise<void> {
  const { db, cookie } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const loginFailuresByName = new SlidingWindowCounter(
    options.loginFailures ?? AUTH_THROTTLE.loginFailures,
    AUTH_THROTTLE.loginWindowMs,
  );
  const loginFailuresByIp = new SlidingWindowCounter(
    (options.loginFailures ?? AUTH_THROTTLE.loginFailures) * 3,
    AUTH_THROTTLE.loginWindowMs,
  );
  const registrationsByIp = new SlidingWindowCounter(
    options.registrations ?? AUTH_THROTTLE.registrations,
    AUTH_THROTTLE.registrationWindowMs,
  );

  for (const url of ['/api/auth/register', '/api/register'])
    r.route({
      method: 'POST',
      url,
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in',
        body: registerBodySchema,
        response: { 201: publicUserSchema, ...errorResponses },
      },
      handler: async (request, reply) => {
        if (registrationsByIp.isBlocked(request.ip)) throw tooManyRequests(MSG.tooManyRegistrations);
        const { username, email, password } = request.body;
        const user = await createUser(db, { username, email, password });
        registrationsByIp.record(request.ip);
        const session = await createSession(db, user.id);
        setSessionCookie(reply, session.token, session.expires, cookie);
        return reply.code(201).send(presentUser(user));
      },
    });

  for (const url of ['/api/auth/login', '/api/login'])
    r.route({
      method: 'POST',
      url,
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        body: loginBodySchema,
        response: { 200: publicUserSchema, ...errorResponses },
      },
      handler: async (request, reply) => {
        const nameKey = request.body.username.toLowerCase();
        if (loginFailuresByName.isBlocked(nameKey) || loginFailuresByIp.isBlocked(request.ip)) {
          throw tooManyRequests(MSG.tooManyLogins);
        }
        const user = await findUserByUsername(db, request.body.username);
        const ok = user
          ? await verifyPassword(request.body.password, user.password)
          : await verifyAgainstDummy(request.body.password);
        if (!user || !ok) {
          loginFailuresByName.record(nameKey);
          loginFailuresByIp.record(request.ip);
          throw unauthorized(MSG.invalidCredentials);
        }
        loginFailuresByName.clear(nameKey);
        const session = await createSession(db, user.id);
        setSessionCookie(reply, session.token, session.expires, cookie);
        return presentUser(user);
      },
    });

  for (const url of ['/api/auth/logout', '/api/logout'])
    r.route({
      method: 'POST',
      url,
      schema: {
        tags: ['auth'],
        summary: 'Sign out (deletes the session on the server)',
        response: { 200: messageSchema },
      },
      handler: async (request, reply) => {
        if (request.sessionToken) await deleteSession(db, request.sessionToken);
        clearSessionCookie(reply, cookie);
        return { message: 'Logged out' };
      },
    });

  const meBodies = new WeakMap<UserRow, Buffer>();
  for (const url of ['/api/auth/me', '/api/auth/user', '/api/user'])
    r.route({
      method: 'GET',
      url,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: publicUserSchema, 401: messageSchema },
      },
      preHandler: requireUser,
      // A cached session hands back the same user object, so its answer is serialised once.
      handler: async (request, reply) => {
        const user = currentUser(request);
        let body = meBodies.get(user);
        if (!body) {
          body = serialize(reply, presentUser(user));
          meBodies.set(user, body);
        }
        return sendSerialized(reply, body);
      },
    });

  r.route({
    method: 'GET',
    url: '/api/auth/check-admin',
    schema: {
      tags: ['auth'],
      summary: 'Whether the signed-in user is an admin',
      response: { 200: checkAdminSchema, 401: messageSchema },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const user = currentUser(request);
      return { isAdmin: isAdmin(user), isSuperAdmin: user.isSuperAdmin, userId: user.id };
    },
  });
}
