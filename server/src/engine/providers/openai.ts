import OpenAI, { APIError } from 'openai';
import { z } from 'zod';
import { findRecurrences } from '../compose/history';
import { SymbolGuard, splitSentences } from '../compose/guard';
import type { KnowledgeBase } from '../kb/loader';
import type {
  AnalysisTable,
  DreamAnalysis,
  DreamForEngine,
  InterpretRequest,
  InterpretationEngine,
  InterpretationResult,
  SymbolReading,
} from '../types';
import { insightsOf, type EngineLog, type LocalEngine, type PreparedReading } from './local';

export interface OpenAiOptions {
  baseURL?: string;
  apiKey?: string;
  model?: string;
  /** Request timeout; 30 s unless a test shortens it. */
  timeoutMs?: number;
}

const DEFAULT_MODEL = 'gpt-4o-mini';
const DEFAULT_TIMEOUT_MS = 30_000;

const answerSchema = z.object({ paragraphs: z.array(z.string().trim().min(1)).min(4).max(6) });

const JSON_SCHEMA = {
  name: 'dream_interpretation',
  strict: true,
  schema: {
    type: 'object',
    properties: { paragraphs: { type: 'array', items: { type: 'string' }, minItems: 4, maxItems: 6 } },
    required: ['paragraphs'],
    additionalProperties: false,
  },
} as const;

const SYSTEM_PROMPT = [
  'You write dream interpretations for a dream-journal app, in a warm, reflective, non-dogmatic voice.',
  'Ground every statement in the material provided: the dream itself and its analysis. Never invent facts about the dreamer.',
  'Write 4 to 6 paragraphs: (1) what the dream is about, in its own words; (2) its key symbols, named as the dream names them, with their meanings;',
  "(3) its emotional movement; (4) links to the dreamer's other dreams or intention, only if provided; (5) a lucid-dreaming suggestion with a dream sign from this dream and a reality check;",
  '(6) one reflective question specific to this dream.',
  'Only name symbols that appear in the dream. Offer possibilities, not verdicts.',
  'Answer with JSON: {"paragraphs": ["…", "…"]}.',
].join(' ');

function firstSentences(text: string, n: number): string {
  return splitSentences(text).slice(0, n).join(' ');
}

/** The grounding handed to the model: the same analysis the local engine writes from. */
export function buildPrompt(req: InterpretRequest, prepared: PreparedReading, kb: KnowledgeBase): string {
  const { analysis } = prepared.reading;
  const recurrences = findRecurrences(analysis, prepared.history);
  const lines: string[] = [];
  const d = req.dream;
  lines.push(`Dream title: ${d.title || '(none)'}`);
  lines.push(`Dream narrative:\n${d.narrative}`);
  if (d.tags.length) lines.push(`Tags: ${d.tags.join(', ')}`);
  if (d.timePeriod) lines.push(`Life period the dreamer linked it to: ${d.timePeriod.replace(/_/g, ' ')}`);
  lines.push(`Lucid: ${analysis.lucid ? 'yes, the dreamer knew they were dreaming' : 'no'}`);
  if (analysis.symbols.length) {
    lines.push('Detected symbols (as written in the dream → dictionary symbol: meaning):');
    for (const s of analysis.symbols.slice(0, 8))
      lines.push(`- "${s.surface}" → ${s.name} (${s.category}, ${s.count}×): ${firstSentences(s.meaning, 2)}`);
  } else {
    lines.push("Detected symbols: none from the dictionary; rely on the dreamer's own images.");
  }
  for (const m of analysis.motifs) {
    const entry = kb.motifs.find((x) => x.id === m.id);
    if (entry)
      lines.push(
        `Motif: ${entry.name}: ${entry.reading} Lucid note: ${entry.lucidNote} Reality check: ${entry.realityCheck}`,
      );
  }
  const arc = analysis.tone.arc.map((a) => a.compound.toFixed(2)).join(', ');
  lines.push(
    `Emotional arc (VADER compound per sentence): [${arc}]; overall ${analysis.tone.overall.toFixed(2)}; movement: ${analysis.tone.movement}`,
  );
  if (recurrences.length) {
    lines.push("Recurring themes in the dreamer's other dreams:");
    for (const r of recurrences)
      lines.push(`- ${r.symbol?.name ?? r.motif?.name ?? r.key}: in ${r.count} of their last ${r.window} other dreams`);
  } else {
    lines.push('Recurring themes: none that the history supports; do not claim any.');
  }
  if (prepared.intention) {
    const it = prepared.intention;
    lines.push(
      `Intention linked to this dream: "${it.text}" (assessed: ${it.outcome}${it.completed ? ', marked completed by the dreamer' : ''})`,
    );
  }
  if (req.previous.length) {
    lines.push(
      'Earlier readings of this dream exist. Write a noticeably different one (another emphasis and wording). Their openings:',
    );
    for (const p of req.previous.slice(0, 3)) lines.push(`- ${p.slice(0, 240).replace(/\s+/g, ' ')}…`);
  }
  return lines.join('\n');
}

function isClientRejection(err: unknown): boolean {
  return err instanceof APIError && typeof err.status === 'number' && err.status >= 400 && err.status < 500;
}

function describe(err: unknown): string {
  if (err instanceof APIError) return `${err.constructor.name}${err.status ? ` ${err.status}` : ''}: ${err.message}`;
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

/**
 * Any OpenAI-compatible server, grounded by the local analysis. Whatever goes wrong (network,
 * timeout, refusal, malformed answer), the dream still gets the local reading.
 */
export class OpenAiEngine implements InterpretationEngine {
  readonly provider = 'openai' as const;
  private client: OpenAI | null = null;

  constructor(
    private readonly local: LocalEngine,
    private readonly options: OpenAiOptions,
    private readonly log: EngineLog,
  ) {}

  ready(): Promise<void> {
    return this.local.ready();
  }

  analyse(dream: DreamForEngine): Promise<DreamAnalysis> {
    return this.local.analyse(dream);
  }

  analyseMany(dreams: DreamForEngine[], table?: AnalysisTable): Promise<DreamAnalysis[]> {
    return this.local.analyseMany(dreams, table);
  }

  interpretSymbol(input: string): Promise<SymbolReading> {
    return this.local.interpretSymbol(input);
  }

  dictionarySeed(): Promise<Array<{ symbol: string; category: string; meaning: string; associations: string[] }>> {
    return this.local.dictionarySeed();
  }

  private getClient(): OpenAI {
    this.client ??= new OpenAI({
      baseURL: this.options.baseURL,
      // Local OpenAI-compatible servers often need no key, but the SDK insists on one.
      apiKey: this.options.apiKey || 'not-needed',
      timeout: this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxRetries: 1,
    });
    return this.client;
  }

  private async request(prompt: string, format: 'json_schema' | 'json_object'): Promise<string> {
    const completion = await this.getClient().chat.completions.create({
      model: this.options.model || DEFAULT_MODEL,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: prompt },
      ],
      response_format:
        format === 'json_schema' ? { type: 'json_schema', json_schema: JSON_SCHEMA } : { type: 'json_object' },
    });
    const content = completion.choices[0]?.message?.content;
    if (typeof content !== 'string' || !content.trim()) throw new Error('the answer had no content');
    return content;
  }

  private parse(raw: string, analysis: DreamAnalysis, kb: KnowledgeBase, previous: string[]): string {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new Error('the answer was not valid JSON');
    }
    const parsed = answerSchema.safeParse(json);
    if (!parsed.success)
      throw new Error(
        `the answer did not match the schema: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    const content = parsed.data.paragraphs.map((p) => p.replace(/\s*\n+\s*/g, ' ').trim()).join('\n\n');
    if (previous.some((p) => p.trim() === content)) throw new Error('the answer repeated an earlier reading');
    // The model must stay with the dream's own symbols too.
    const stray = new SymbolGuard(kb, new Set(analysis.symbols.map((s) => s.name))).violation(content);
    if (stray) this.log.info({ symbol: stray }, 'openai reading names a symbol the analysis did not detect');
    return content;
  }

  async interpret(req: InterpretRequest): Promise<InterpretationResult> {
    const prepared = await this.local.prepare(req);
    const kb = await this.local.knowledgeBase();
    const prompt = buildPrompt(req, prepared, kb);
    try {
      let raw: string;
      try {
        raw = await this.request(prompt, 'json_schema');
      } catch (err) {
        if (!isClientRejection(err)) throw err;
        this.log.info({ reason: describe(err) }, 'openai server rejected json_schema; retrying with json_object');
        raw = await this.request(prompt, 'json_object');
      }
      const content = this.parse(raw, prepared.reading.analysis, kb, req.previous);
      return {
        content,
        provider: 'openai',
        analysis: structuredClone(prepared.reading.analysis),
        insights: insightsOf(prepared),
      };
    } catch (err) {
      this.log.warn(
        { reason: describe(err), dreamId: req.dream.id },
        'openai interpretation failed; using the local engine',
      );
      return this.local.interpretPrepared(req, prepared);
    }
  }
}
