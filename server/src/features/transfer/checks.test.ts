import { describe, expect, it } from 'vitest';
import { LIMITS } from '@common/limits';
import { createDreamBodySchema } from '@common/schemas/dreams';
import { createIntentionBodySchema } from '@common/schemas/intentions';
import { HttpError } from '../../lib/http-error';
import { checkDreamFields, checkIntention } from './checks';

const fine: { title: string; narrative: string; timePeriod: string | null; tags: string[] } = {
  title: 'Moon bridge',
  narrative: 'I walked across moonlight.',
  timePeriod: null,
  tags: [],
};

/** What the API's own schema says about a body, as POST /api/dreams and POST /api/intentions say it. */
function apiMessage(schema: typeof createDreamBodySchema | typeof createIntentionBodySchema, body: unknown) {
  const parsed = schema.safeParse(body);
  if (parsed.success) throw new Error('the API schema accepted it');
  return parsed.error.issues[0]?.message;
}

function refusal(run: () => unknown): HttpError {
  try {
    run();
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('the import accepted it');
}

describe('the import holds a dream to the dream schema', () => {
  const refused: Array<[string, Partial<typeof fine>, string]> = [
    ['a 201-character title', { title: 'x'.repeat(LIMITS.dreamTitle.max + 1) }, 'title'],
    ['a blank title', { title: '   ' }, 'title'],
    ['an over-long narrative', { narrative: 'y'.repeat(LIMITS.narrative.max + 1) }, 'narrative'],
    ['an unknown time period', { timePeriod: 'someday' }, 'timePeriod'],
    ['too many tags', { tags: Array.from({ length: LIMITS.tags.maxCount + 1 }, (_, i) => `tag${i}`) }, 'tags'],
    ['an over-long tag', { tags: ['t'.repeat(LIMITS.tags.maxLength + 1)] }, 'tags.0'],
  ];

  it.each(refused)('refuses %s with the message POST /api/dreams gives', (_, change, field) => {
    const dream = { ...fine, ...change };
    const expected = apiMessage(createDreamBodySchema, dream);
    const err = refusal(() => checkDreamFields(dream, 'line 4 "Moon bridge"'));
    expect(err.statusCode).toBe(400);
    expect(err.message).toBe(`line 4 "Moon bridge": ${field} — ${expected}`);
  });

  it('gives back what the API would save: trimmed text and normalized tags', () => {
    const dream = {
      ...fine,
      title: '  Moon bridge ',
      timePeriod: 'adolescence',
      tags: [' Moon', 'moon', '', 'Lucid '],
    };
    const api = createDreamBodySchema.parse(dream);
    expect(checkDreamFields(dream, 'line 2')).toEqual({
      title: api.title,
      narrative: api.narrative,
      timePeriod: api.timePeriod,
      tags: api.tags,
    });
    expect(api.tags).toEqual(['moon', 'lucid']);
  });
});

describe('the import holds an intention to the intention schema', () => {
  it('refuses blank and over-long text with the message POST /api/intentions gives', () => {
    for (const text of ['  ', 'i'.repeat(LIMITS.intentionText.max + 1)]) {
      const err = refusal(() => checkIntention(text, null, 'intentions[0]'));
      expect(err.message).toBe(`intentions[0]: text — ${apiMessage(createIntentionBodySchema, { text })}`);
    }
  });

  it('refuses over-long notes and keeps good ones, with the text trimmed', () => {
    const err = refusal(() => checkIntention('Fly', 'n'.repeat(LIMITS.intentionNotes.max + 1), 'line 9'));
    expect(err.message).toBe(`line 9: notes — Notes must be at most ${LIMITS.intentionNotes.max} characters`);
    expect(checkIntention('  Fly over the sea ', 'It worked', 'line 9')).toEqual({
      text: 'Fly over the sea',
      notes: 'It worked',
    });
  });
});
