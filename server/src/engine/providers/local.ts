import { createHash } from 'node:crypto';
import type { DreamReading } from '../analysis/analyse';
import { composeReading } from '../compose/compose';
import { findRecurrences, newSymbols, type HistoryItem } from '../compose/history';
import { readIntention, type IntentionReading } from '../compose/intention';
import { loadRuntime, type EngineRuntime, type RuntimeOptions } from '../runtime';
import { readSymbol } from '../symbol-reading';
import type {
  DreamAnalysis,
  DreamForEngine,
  InterpretRequest,
  InterpretationEngine,
  InterpretationInsights,
  InterpretationResult,
  SymbolReading,
} from '../types';
import { yieldToLoop } from '../util/cooperative';

export interface EngineLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** Analyses of other dreams are kept so a user's history is read once, not on every request. */
const ANALYSIS_CACHE_LIMIT = 5000;
/** History below this size says too little about what is new in a dream. */
const MIN_HISTORY_FOR_NEW = 5;

function contentKey(dream: DreamForEngine, fingerprint: string): string {
  return createHash('sha1')
    .update(JSON.stringify([fingerprint, dream.title, dream.narrative, dream.tags, dream.timePeriod]))
    .digest('base64');
}

/** Everything the composer and the OpenAI prompt share: the reading plus its personal context. */
export interface PreparedReading {
  reading: DreamReading;
  history: HistoryItem[];
  intention: IntentionReading | null;
}

export function insightsOf(prepared: PreparedReading): InterpretationInsights {
  return {
    intention: prepared.intention?.outcome ?? null,
    recurring: findRecurrences(prepared.reading.analysis, prepared.history).map((r) => ({
      kind: r.kind,
      key: r.key,
      count: r.count,
      window: r.window,
    })),
  };
}

export class LocalEngine implements InterpretationEngine {
  readonly provider = 'local' as const;
  private readonly runtime: Promise<EngineRuntime>;
  private readonly analyses = new Map<string, DreamAnalysis>();

  constructor(
    private readonly log: EngineLog,
    options: RuntimeOptions = {},
  ) {
    this.runtime = loadRuntime(options).then((rt) => {
      log.info({ engine: 'local', ...rt.stats }, 'interpretation engine ready');
      return rt;
    });
    // Callers see the failure when they await; this keeps an unobserved failure from crashing the process.
    this.runtime.catch((err: unknown) =>
      log.warn({ err: err instanceof Error ? err.message : String(err) }, 'interpretation engine failed to load'),
    );
  }

  async ready(): Promise<void> {
    await this.runtime;
  }

  async knowledgeBase(): Promise<EngineRuntime['kb']> {
    return (await this.runtime).kb;
  }

  /** Load statistics, for the benchmark. */
  async stats(): Promise<EngineRuntime['stats']> {
    return (await this.runtime).stats;
  }

  async analyse(dream: DreamForEngine): Promise<DreamAnalysis> {
    const rt = await this.runtime;
    return structuredClone(await this.cachedAnalysis(rt, dream));
  }

  private async cachedAnalysis(rt: EngineRuntime, dream: DreamForEngine): Promise<DreamAnalysis> {
    const key = contentKey(dream, rt.kb.fingerprint);
    const hit = this.analyses.get(key);
    if (hit) {
      // Refresh its place so the most used analyses stay.
      this.analyses.delete(key);
      this.analyses.set(key, hit);
      return hit;
    }
    const { analysis } = await rt.analyser.read(dream);
    this.remember(key, analysis);
    return analysis;
  }

  private remember(key: string, analysis: DreamAnalysis): void {
    this.analyses.set(key, analysis);
    if (this.analyses.size > ANALYSIS_CACHE_LIMIT) {
      const oldest = this.analyses.keys().next();
      if (!oldest.done) this.analyses.delete(oldest.value);
    }
  }

  /** Reads the dream, its history and its intention: the grounding for both providers. */
  async prepare(req: InterpretRequest): Promise<PreparedReading> {
    const rt = await this.runtime;
    const reading = await rt.analyser.read(req.dream);
    this.remember(contentKey(req.dream, rt.kb.fingerprint), reading.analysis);
    const history: HistoryItem[] = [];
    for (const dream of req.history.slice(0, 50)) {
      if (dream.id === req.dream.id) continue;
      const cached = this.analyses.has(contentKey(dream, rt.kb.fingerprint));
      history.push({ dream, analysis: await this.cachedAnalysis(rt, dream) });
      // Reading a long history is many small slices; let other requests in between.
      if (!cached) await yieldToLoop();
    }
    let intention: IntentionReading | null = null;
    if (req.intention && req.intention.text.trim()) {
      const doc = rt.analyser.readText(req.intention.text);
      const hits = await rt.analyser.symbolsOf(req.intention.text);
      intention = readIntention(req.intention, doc, hits, reading.analysis, [reading.narrative, reading.title]);
    }
    return { reading, history, intention };
  }

  async interpret(req: InterpretRequest): Promise<InterpretationResult> {
    const rt = await this.runtime;
    const prepared = await this.prepare(req);
    return this.compose(rt, req, prepared);
  }

  /** The local text for an already prepared reading (the OpenAI provider falls back to this). */
  async interpretPrepared(req: InterpretRequest, prepared: PreparedReading): Promise<InterpretationResult> {
    return this.compose(await this.runtime, req, prepared);
  }

  private compose(rt: EngineRuntime, req: InterpretRequest, prepared: PreparedReading): InterpretationResult {
    const { reading, history, intention } = prepared;
    const recurrences = findRecurrences(reading.analysis, history);
    const content = composeReading({
      dream: req.dream,
      reading,
      kb: rt.kb,
      recurrences,
      fresh: history.length >= MIN_HISTORY_FOR_NEW ? newSymbols(reading.analysis, history) : null,
      historySize: history.length,
      intention,
      previous: req.previous,
    });
    return { content, provider: 'local', analysis: structuredClone(reading.analysis), insights: insightsOf(prepared) };
  }

  async interpretSymbol(input: string): Promise<SymbolReading> {
    const rt = await this.runtime;
    return readSymbol(rt.kb, rt.kbWordNet, rt.wordnet, input);
  }

  async dictionarySeed(): Promise<
    Array<{ symbol: string; category: string; meaning: string; associations: string[] }>
  > {
    const rt = await this.runtime;
    return rt.kb.symbols.map((s) => ({
      symbol: s.name,
      category: s.category,
      meaning: s.meaning,
      associations: [...s.associations],
    }));
  }
}
