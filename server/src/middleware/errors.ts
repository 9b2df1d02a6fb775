import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG } from '@common/messages';
import { HttpError } from '../lib/http-error';

interface Issue {
  field: string;
  message: string;
}

const OUR_MESSAGES = new Set<string>(Object.values(MSG));

/** "title: Expected string" unless the message is one of ours or already names its field. */
function describeIssue(issue: Issue): string {
  if (!issue.field || OUR_MESSAGES.has(issue.message)) return issue.message;
  const last = issue.field.split('.').pop() ?? issue.field;
  const named = issue.message.toLowerCase().includes(last.toLowerCase());
  return named ? issue.message : `${issue.field}: ${issue.message}`;
}

function validationIssues(err: FastifyError): Issue[] {
  const list = err.validation ?? [];
  return list.map((v) => {
    const params = v.params as { issue?: { path?: PropertyKey[]; code?: string; keys?: string[] } } | undefined;
    const pathParts = params?.issue?.path ?? [];
    const base = pathParts.map(String).join('.');
    if (params?.issue?.code === 'unrecognized_keys' && params.issue.keys?.length) {
      const keys = params.issue.keys.map((k) => (base ? `${base}.${k}` : k));
      return { field: keys.join(', '), message: `Unknown field${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}` };
    }
    const where = v.instancePath ? v.instancePath.replace(/^\//, '').replaceAll('/', '.') : base;
    return { field: where, message: v.message ?? 'Invalid value' };
  });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      // An empty JSON body reaches validation as no body (json-body.ts).
      if (err.validationContext === 'body' && request.body === undefined) {
        return reply.code(400).send({ message: MSG.bodyMissing });
      }
      const issues = validationIssues(err);
      const first = issues[0];
      return reply.code(400).send({
        message: first ? describeIssue(first) : 'Invalid request',
        errors: issues.map((i) => ({ field: i.field, message: describeIssue(i) })),
      });
    }
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send({ message: err.message });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.code(500).send({ message: MSG.serverError });
    }
    switch (err.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send({ message: MSG.bodyTooLarge });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ message: MSG.malformedJson });
      default:
        break;
    }
    if (err instanceof SyntaxError) return reply.code(400).send({ message: MSG.malformedJson });
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: err.message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: MSG.serverError });
  });
}
