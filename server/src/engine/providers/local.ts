import type { DreamReading } from '../analysis/analyse';
import { composeReading } from '../compose/compose';
import { findRecurrences, markedRecurring, newSymbols, type HistoryItem } from '../compose/history';
import { readIntention, type IntentionReading } from '../compose/intention';
import { unreadableReading } from '../compose/unreadable';
import { loadRuntime, type EngineRuntime, type RuntimeOptions } from '../runtime';
import { readSymbol } from '../symbol-reading';
import type {
  AnalysisTable,
  DreamAnalysis,
  DreamForEngine,
  InterpretRequest,
  InterpretationEngine,
  InterpretationInsights,
  InterpretationResult,
  PersonalSymbol,
  SymbolReading,
} from '../types';

export interface EngineLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** History below this size says too little about what is new in a dream. */
const MIN_HISTORY_FOR_NEW = 5;
/**
 * Earlier saved dreams a reading may analyse on the spot when the store lacks them; the rest are
 * read in the background and join later readings, so a long unread history never holds up a request.
 */
const MAX_FRESH_HISTORY = 3;

/** Everything the composer and the OpenAI prompt share: the reading plus its personal context. */
export interface PreparedReading {
  reading: DreamReading;
  /** The dream says it has come before (marked, tagged or written as recurring). */
  recurringMarked: boolean;
  history: HistoryItem[];
  intention: IntentionReading | null;
  /** The dreamer's own lexicon for this dream's symbols (empty when none was asked for). */
  personal: PersonalSymbol[];
}

export function insightsOf(prepared: PreparedReading): InterpretationInsights {
  return {
    intention: prepared.intention?.outcome ?? null,
    recurring: findRecurrences(prepared.reading.analysis, prepared.history, prepared.recurringMarked).map((r) => ({
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

  constructor(
    private readonly log: EngineLog,
    options: RuntimeOptions = {},
  ) {
    this.runtime = loadRuntime({
      ...options,
      onFillError: (err) =>
        log.warn({ err: err instanceof Error ? err.message : String(err) }, 'background dream analysis failed'),
    }).then((rt) => {
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
    return structuredClone(await rt.analyses.get(dream));
  }

  async analyseMany(dreams: DreamForEngine[], table?: AnalysisTable): Promise<DreamAnalysis[]> {
    const rt = await this.runtime;
    return structuredClone(await rt.analyses.getMany(dreams, table));
  }

  async analysisFingerprint(): Promise<string> {
    return (await this.runtime).analyses.fingerprint;
  }

  /** Resolves when the background analysis filler is idle (tests and the benchmark wait on it). */
  async analysesIdle(): Promise<void> {
    await (await this.runtime).analyses.idle();
  }

  /** Reads the dream, its history and its intention: the grounding for both providers. */
  async prepare(req: InterpretRequest): Promise<PreparedReading> {
    const rt = await this.runtime;
    const reading = await rt.analyser.read(req.dream);
    rt.analyses.remember(req.dream, reading.analysis);
    const others = req.history.slice(0, 50).filter((dream) => dream.id !== req.dream.id);
    // Saved dreams (with a table) are read a bounded few at a time; a history handed in without one is read whole.
    const analyses = await rt.analyses.getAvailable(others, req.analyses, req.analyses ? MAX_FRESH_HISTORY : Infinity);
    const history: HistoryItem[] = [];
    for (const [k, dream] of others.entries()) {
      const analysis = analyses[k];
      if (analysis) history.push({ dream, analysis });
    }
    let intention: IntentionReading | null = null;
    if (req.intention && req.intention.text.trim()) {
      const doc = rt.analyser.readText(req.intention.text);
      const hits = await rt.analyser.symbolsOf(req.intention.text);
      intention = readIntention(req.intention, doc, hits, reading.analysis, [reading.narrative, reading.title]);
    }
    const names = reading.analysis.symbols.map((s) => s.name);
    const personal = req.personal && names.length ? await req.personal(names) : [];
    return { reading, history, intention, personal, recurringMarked: markedRecurring(req.dream) };
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
    const { reading, history, intention, personal, recurringMarked } = prepared;
    const analysis = structuredClone(reading.analysis);
    // A dream in another language, or not language at all, gets an honest short answer instead of invented images.
    const unreadable = unreadableReading(reading.analysis);
    if (unreadable !== null)
      return {
        content: unreadable,
        provider: 'local',
        analysis,
        insights: insightsOf(prepared),
        composition: { shape: 'unreadable', angle: 'shape', paragraphs: ['unreadable'] },
      };
    const recurrences = findRecurrences(reading.analysis, history, recurringMarked);
    const composed = composeReading({
      dream: req.dream,
      reading,
      kb: rt.kb,
      recurrences,
      fresh: history.length >= MIN_HISTORY_FOR_NEW ? newSymbols(reading.analysis, history) : null,
      historySize: history.length,
      intention,
      previous: req.previous,
      recurringMarked,
      recentReadings: req.recentReadings ?? [],
      personal,
    });
    return {
      content: composed.text,
      provider: 'local',
      analysis,
      insights: insightsOf(prepared),
      composition: { shape: composed.shape, angle: composed.angle, paragraphs: composed.kinds },
    };
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
