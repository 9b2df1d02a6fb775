import { z } from 'zod';
import { dreamFieldsSchema } from '@common/schemas/dreams';
import { intentionNotesSchema, intentionTextSchema } from '@common/schemas/intentions';
import { badRequest } from '../../lib/http-error';

/*
 * An imported dream or intention is held to the same field rules as one sent to the API
 * (common/schemas): a file cannot bring in what POST /api/dreams or POST /api/intentions refuses,
 * and the refusal says the same thing, prefixed with where in the file it stands.
 */
const importedDreamSchema = dreamFieldsSchema.pick({ title: true, narrative: true, timePeriod: true, tags: true });
const importedIntentionSchema = z.object({ text: intentionTextSchema, notes: intentionNotesSchema });

function check<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw badRequest(`${where}: ${issue ? `${issue.path.join('.') || 'value'} — ${issue.message}` : 'invalid value'}`);
}

export type ImportedDreamFields = z.output<typeof importedDreamSchema>;

/**
 * A dream's title, narrative, time period and tags as they will be saved (trimmed, tags normalized),
 * or a 400 naming `where` and the rule it breaks.
 */
export function checkDreamFields(
  dream: { title: string; narrative: string; timePeriod: string | null; tags: string[] },
  where: string,
): ImportedDreamFields {
  return check(importedDreamSchema, dream, where);
}

/** An intention's text (trimmed) and notes as they will be saved, or a 400 naming `where`. */
export function checkIntention(
  text: string,
  notes: string | null,
  where: string,
): { text: string; notes: string | null } {
  return check(importedIntentionSchema, { text, notes }, where);
}
