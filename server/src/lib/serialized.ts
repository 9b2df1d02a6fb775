import type { FastifyReply } from 'fastify';

/** The route's own response serialiser (compiled from its schema), as bytes ready to send again. */
export function serialize(reply: FastifyReply, payload: unknown): Buffer {
  const out = reply.serialize(payload);
  if (Buffer.isBuffer(out)) return out;
  // fast-json-stringify gives a string; a plain ArrayBuffer is copied as bytes.
  return typeof out === 'string' ? Buffer.from(out, 'utf8') : Buffer.from(new Uint8Array(out));
}

/** Sends an answer made by serialize(): a Buffer goes out as it is, with no second serialisation. */
export function sendSerialized(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
