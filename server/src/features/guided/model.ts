import OpenAI from 'openai';
import { z } from 'zod';
import { PAUSE_MARKER } from '@common/guided';
import type { PersonalizedContent } from '@common/schemas/guided';
import { CircuitBreaker, isServerDown } from '../../engine/providers/circuit-breaker';
import type { AppConfig } from '../../env';
import { spokenWords, type ComposeInput, type Composition } from './compose';

/**
 * With AI_PROVIDER=openai, a personalised script may be written by the configured model, guided by
 * the local composition (which is made from our building blocks). The answer is checked (shape,
 * length for the minutes, the focus area named, rests marked) and anything short of that falls back
 * to the local composition, as the runtime contract asks of every model call.
 */

type OpenAiConfig = AppConfig['ai']['openai'];

export interface GuidedLog {
  warn(obj: object, msg: string): void;
}

const DEFAULT_MODEL = 'gpt-4o-mini';
const TIMEOUT_MS = 20_000;
/** A 30-minute script is about 1,400 words; the JSON around it and the rests fit well within this. */
const MAX_TOKENS = 4096;
/** After a server failure, requests skip the model this long (the local script answers at once). */
const COOLDOWN_MS = 60_000;

/** One client and one circuit breaker per model server, as the interpretation provider keeps. */
const servers = new Map<string, { client: OpenAI; breaker: CircuitBreaker }>();

function serverFor(config: OpenAiConfig) {
  const key = `${config.baseURL ?? ''}|${config.apiKey ?? ''}`;
  let server = servers.get(key);
  if (!server) {
    server = {
      client: new OpenAI({
        baseURL: config.baseURL,
        apiKey: config.apiKey || 'not-needed',
        timeout: TIMEOUT_MS,
        maxRetries: 0,
      }),
      breaker: new CircuitBreaker(COOLDOWN_MS),
    };
    servers.set(key, server);
  }
  return server;
}

const answerSchema = z.object({
  title: z.string().trim().min(1).max(120),
  description: z.string().trim().min(1).max(400),
  content: z.string().trim().min(1),
  tags: z.array(z.string().trim().min(1).max(40)).min(1).max(10),
});

const SYSTEM_PROMPT = [
  'You write guided practice scripts (meditations, lucid-dreaming techniques and exercises) for a dream-journal app.',
  'Write in a calm, second-person voice. Use "## " headings for sections and put rests as [pause 30s] or [pause 2m] markers on lines of their own.',
  'Follow the draft you are given: keep its structure, its rests and its length, name the focus area, and weave in the preferences and dream signs when given.',
  'Never invent facts about the listener. Answer with JSON: {"title": "…", "description": "…", "content": "…", "tags": ["…"]}.',
].join(' ');

function prompt(input: ComposeInput, draft: Composition): string {
  return [
    `Type: ${input.contentType}; difficulty: ${input.difficulty}; length: ${input.duration} minutes (about ${draft.spokenWords} spoken words plus the rests).`,
    `Focus area: ${input.focusArea}`,
    input.preferences ? `Preferences: ${input.preferences}` : 'Preferences: none',
    input.signs.length ? `Recurring dream signs: ${input.signs.join(', ')}` : 'Recurring dream signs: none known',
    `Draft built from our script blocks:\n${draft.content}`,
  ].join('\n');
}

/** The model's script when it passes the checks, otherwise null (and the reason logged). */
export async function composeWithModel(
  config: OpenAiConfig,
  input: ComposeInput,
  draft: Composition,
  log: GuidedLog,
): Promise<PersonalizedContent | null> {
  const { client, breaker } = serverFor(config);
  if (!breaker.allow()) return null;
  try {
    const completion = await client.chat.completions.create({
      model: config.model || DEFAULT_MODEL,
      max_tokens: MAX_TOKENS,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: prompt(input, draft) },
      ],
      response_format: { type: 'json_object' },
    });
    breaker.succeeded();
    const raw = completion.choices[0]?.message?.content;
    if (typeof raw !== 'string' || !raw.trim()) throw new Error('the answer had no content');
    const parsed = answerSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) throw new Error(`the answer did not match the schema: ${parsed.error.issues[0]?.message}`);
    const answer = parsed.data;
    const words = spokenWords(answer.content);
    if (words < draft.spokenWords * 0.6 || words > draft.spokenWords * 1.6)
      throw new Error(`the script has ${words} words where about ${draft.spokenWords} fit the minutes`);
    if (!answer.content.toLowerCase().includes(input.focusArea.trim().toLowerCase()))
      throw new Error('the script does not name the focus area');
    if (!new RegExp(PAUSE_MARKER.source, 'i').test(answer.content)) throw new Error('the script marks no rests');
    return answer;
  } catch (err) {
    // Only a server that is down opens the circuit; an unusable answer means it is alive.
    if (isServerDown(err)) breaker.failed();
    else breaker.succeeded();
    log.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'personalised content: the model failed, using the local composition',
    );
    return null;
  }
}
