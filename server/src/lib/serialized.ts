import type { FastifyReply } from 'fastify';

/** The route's own response serialiser (compiled from its schema), as bytes ready to send again. */
export function serialize(reply: FastifyReply, payload: unknown): Buffer {
  const out = reply.serialize(payload);
  if (Buffer.isBuffer(out)) return out;
  return typeof out === 'string' ? Buffer.from(out) : Buffer.from(out);
}

/** Sends an answer made by serialize(): a Buffer goes out as it is, with no second serialisation. */
export function sendSerialized(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
