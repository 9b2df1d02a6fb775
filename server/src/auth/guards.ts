import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAdmin } from '@common/roles';
import { MSG } from '@common/messages';
import type { UserRow } from '../db/schema';
import { forbidden, unauthorized } from '../lib/http-error';

/** Answers 401 directly (no thrown error): signed-out visitors ask /api/auth/user on every page load. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply) {
  if (!request.user) return reply.code(401).send({ message: MSG.notSignedIn });
  return undefined;
}

export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized(MSG.notSignedIn);
  if (!isAdmin(request.user)) throw forbidden(MSG.adminOnly);
}

/** The signed-in user; only call after requireUser ran. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized(MSG.notSignedIn);
  return request.user;
}
