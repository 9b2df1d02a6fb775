import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { findNul, NUL_MESSAGE } from '@common/schemas/text';
import { badRequest } from '../lib/http-error';

type RouteSchema = Parameters<typeof validatorCompiler>[0]['schema'];

/**
 * The routes' zod schemas validate every request part (body, query string, params), and their
 * strings are text() (common/schemas/text.ts), which refuses NUL with the field's own message.
 * What a schema lets through is checked once more for NUL, so a field declared with a bare
 * z.string(), or free-form data such as an import's file text, cannot carry one into PostgreSQL
 * either: 400 with the field's path.
 */
export const requestValidatorCompiler: FastifySchemaCompiler<RouteSchema> = (route) => {
  const validate = validatorCompiler(route);
  return (data: unknown) => {
    const result = validate(data);
    // The zod compiler always answers { value } or { error }.
    if (typeof result !== 'object' || 'then' in result || result.error) return result;
    const at = findNul(result.value);
    if (at !== null) return { error: badRequest(at ? `${at}: ${NUL_MESSAGE}` : `The request ${NUL_MESSAGE}`) };
    return result;
  };
};
