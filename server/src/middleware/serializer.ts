import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * Responses are described by zod schemas (one source for validation, types and OpenAPI). For
 * serialising them we compile each schema's JSON Schema with fast-json-stringify once, instead
 * of running zod on every response: it is several times faster and, like zod, emits only the
 * declared properties, so nothing undeclared (a password hash) can leak out.
 */
export const fastSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
};
