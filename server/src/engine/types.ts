export interface DreamForEngine {
  id: number;
  title: string;
  narrative: string;
  tags: string[];
  timePeriod: string | null;
  date: Date | null;
  /**
   * The saved dream's version (its updated_at as PostgreSQL text), when known: stored with its
   * analysis so SQL can tell current analyses from stale ones (features/analytics/analyses.ts).
   */
  version?: string | null;
}

export interface IntentionForEngine {
  text: string;
  completed: boolean;
  notes: string | null;
}

export interface InterpretRequest {
  dream: DreamForEngine;
  /** The intention linked to this dream, if any. */
  intention: IntentionForEngine | null;
  /** The user's OTHER dreams, newest first, at most 50. */
  history: DreamForEngine[];
  /** Earlier readings of this dream, newest first (regenerate must differ from these). */
  previous: string[];
  /**
   * The user's latest readings of any of their dreams, newest first, at most 19: a new reading
   * repeats none of their long sentences more than the variety rule allows (compose/repetition.ts).
   */
  recentReadings?: string[];
  /** Where saved dreams' analyses are kept: history analyses come from it instead of being read again. */
  analyses?: AnalysisTable;
  /**
   * The dreamer's personal lexicon for the symbols this dream turned out to hold (called once, after
   * the analysis, with their names). Only ever the dream owner's own (features/lexicon/policy.ts).
   */
  personal?: (symbols: string[]) => Promise<PersonalSymbol[]>;
}

/** How one symbol tends to feel in a dreamer's own earlier dreams, and what they wrote it means to them. */
export interface PersonalSymbol {
  symbol: string;
  /** "To me, water means…" in the dreamer's words; null when they have not written one. */
  meaning: string | null;
  /** Earlier dreams (this one excluded) with a current analysis that hold the symbol. */
  dreams: number;
  /** The feeling most of those dreams had where the symbol appears, with how many; null with no dreams. */
  tone: { feeling: PersonalFeeling; count: number } | null;
  /** Symbols it most often appears with, most frequent first. */
  companions: string[];
  /** Titles of the latest of those dreams, newest first (at most 2). */
  recent: string[];
}

export type PersonalFeeling = 'dread' | 'unease' | 'calm' | 'ease' | 'delight';

export interface DetectedSymbol {
  name: string;
  category: string;
  /** The word(s) as written in the dream. */
  surface: string;
  via: 'name' | 'synonym' | 'phrase' | 'hypernym' | 'tag';
  count: number;
  meaning: string;
  /** How the dream can refer to it in a sentence ("the beagles", "being naked", "flying"). */
  mention: string;
  /** A few words of the dream around its first occurrence ("flew over the rooftops"). */
  excerpt: string;
  /** The mention is grammatically plural ("the stars"). */
  plural: boolean;
  /** Narrative sentences (0-based) where it occurs; empty when only the title or a tag names it. */
  sentences: number[];
  /** Named in the dream's title. */
  inTitle: boolean;
  /** Where it occurs in the narrative: sentence (0-based) and character offsets [start, end). */
  spans?: TextSpan[];
  /** For a person: how the dream refers to them ("he" for "my grandad"), when it says. */
  pronoun?: Pronoun;
}

/** A stretch of the narrative: its sentence (0-based) and character offsets [start, end). */
export interface TextSpan {
  sentence: number;
  start: number;
  end: number;
}

export type Pronoun = 'he' | 'she' | 'they';

export interface DetectedMotif {
  id: string;
  name: string;
  /** Narrative sentence where it was recognised; -1 when it came from the title or the dream as a whole. */
  sentence: number;
}

export interface DreamAnalysis {
  symbols: DetectedSymbol[];
  motifs: DetectedMotif[];
  tone: {
    overall: number;
    arc: Array<{ sentence: number; compound: number }>;
    movement: 'rising' | 'falling' | 'steady' | 'mixed';
  };
  lucid: boolean;
  /** The dream's first place-like symbol, as the dream can refer to it ("the old house"). */
  setting: string | null;
  /** Knowledge-base symbols that were mentioned only in negation ("there was no door"). */
  negated: string[];
  /** Salient noun phrases in the dream's own words, in order of appearance (not limited to the knowledge base). */
  keyPhrases: string[];
  sentenceCount: number;
  wordCount: number;
  /** ISO 639-1 code of the narrative's language ("en", "fr"); "und" for text that is not language. The engine reads English only. */
  language?: string;
  /** The narrative is not language (keyboard mashing, placeholder text): nothing in it is read as imagery. */
  nonsense?: boolean;
  /** Character offsets of each narrative sentence, by sentence index. */
  sentenceSpans?: Array<{ start: number; end: number }>;
  /** Where the dream states the realisation that made it lucid (absent when lucid only by tag). */
  lucidEvidence?: TextSpan | null;
  /** A realisation the dream mentions but denies or places after waking ("I didn't know I was dreaming"): never lucid. */
  lucidDenied?: TextSpan | null;
  /** Knowledge-base symbols mentioned only in negation, each with where ("nobody chased me"). */
  negatedMentions?: Array<TextSpan & { symbol: string; surface: string }>;
  /** Figures of speech read for their sense, not their images ("drowning in paperwork" → overwhelm). */
  idioms?: Array<TextSpan & { text: string; phrase: string; sense: string }>;
  /** Bodily and behavioural signs of a feeling ("screaming", "my heart hammering"). */
  emotionCues?: Array<TextSpan & { cue: string; feeling: 'fear' }>;
  /** People the dream names or mentions, with the pronoun the dream uses for them. */
  people?: Array<TextSpan & { mention: string; symbol: string | null; pronoun: Pronoun | null }>;
  /** Words read as typos of others ("snaek" → snake). */
  corrections?: Array<TextSpan & { written: string; read: string }>;
}

/** What the reading was based on beyond the dream itself. */
export interface InterpretationInsights {
  /** Whether the dream answered the linked intention; null without one. */
  intention: 'fulfilled' | 'partial' | 'unmet' | null;
  /** Themes of this dream that recur in the history: in `count` of the last `window` other dreams. */
  recurring: Array<{ kind: 'symbol' | 'motif'; key: string; count: number; window: number }>;
}

export interface InterpretationResult {
  content: string;
  provider: 'local' | 'openai';
  analysis: DreamAnalysis;
  insights?: InterpretationInsights;
  /** How the local composer built the reading: the dream's shape, the angle taken and its paragraphs in order. */
  composition?: { shape: string; angle: string; paragraphs: string[] };
}

/** A stretch of the dream's narrative, as character offsets [start, end). */
export interface EvidenceSpan {
  start: number;
  end: number;
}

/** What one paragraph of a reading was drawn from (compose/evidence.ts). */
export interface ParagraphEvidence {
  /** The paragraph's position in the reading (0-based). */
  paragraph: number;
  /** The dream's words it rests on: quotes, the symbols it discusses and the feelings it reads. */
  spans: EvidenceSpan[];
  /** The dream's sentences (0-based) those words are in. */
  sentences: number[];
  symbols: string[];
  motifs: string[];
  /** The paragraph reads the dream's emotional arc (ReadingEvidence.tone). */
  tone: boolean;
  /** Earlier dreams where a theme it discusses also appears, newest first. */
  recurring: Array<{ key: string; label: string; dreams: Array<{ id: number; title: string }> }>;
}

/** Evidence for every paragraph of a reading, and what the reading deliberately left out. */
export interface ReadingEvidence {
  paragraphs: ParagraphEvidence[];
  /** The tone sentence by sentence, with where each sentence is. */
  tone: {
    movement: DreamAnalysis['tone']['movement'];
    arc: Array<EvidenceSpan & { sentence: number; compound: number }>;
  };
  /** Symbols the dream mentions only to deny them ("nobody chased me"): not read as present. */
  leftOut: Array<EvidenceSpan & { symbol: string; surface: string }>;
}

export interface SymbolReading {
  symbol: string;
  category: string;
  meaning: string;
  associations: string[];
  source: 'knowledge-base' | 'wordnet' | 'personal';
  /** false for 'personal' readings: they must not be added to the shared dictionary. */
  shareable: boolean;
}

export interface DreamSign {
  kind: 'symbol' | 'motif';
  key: string;
  label: string;
  count: number;
  firstSeen: string | null;
  lastSeen: string | null;
  dreamIds: number[];
}

/** An analysis kept for a saved dream, with what it was made from. */
export interface StoredAnalysis {
  dreamId: number;
  /** sha256 of the dream's content (analysisContentHash). */
  contentHash: string;
  /** The fingerprint of the knowledge base and engine version that made it. */
  fingerprint: string;
  analysis: DreamAnalysis;
  /** The dream's version the analysis was made from (DreamForEngine.version); null when unknown. */
  dreamVersion?: string | null;
}

/**
 * The persistent tier of the analysis store, one row per saved dream (the dream_analyses table).
 * The store decides what is still valid; the table only loads and saves rows.
 */
export interface AnalysisTable {
  load(dreamIds: number[]): Promise<StoredAnalysis[]>;
  /** Inserts or replaces the rows of these dreams; a dream deleted meanwhile is skipped. */
  save(rows: StoredAnalysis[]): Promise<void>;
}

export interface InterpretationEngine {
  readonly provider: 'local' | 'openai';
  /** Resolves when the knowledge base and NLP data are loaded. */
  ready(): Promise<void>;
  analyse(dream: DreamForEngine): Promise<DreamAnalysis>;
  /**
   * Analyses of several dreams, in order, through the engine's analysis store: an analysis is
   * reused while the dream's content and the knowledge base are unchanged. With a table, saved
   * dreams' analyses also outlive the process.
   */
  analyseMany(dreams: DreamForEngine[], table?: AnalysisTable): Promise<DreamAnalysis[]>;
  /** The fingerprint stored analyses must carry to be current (knowledge base plus engine version). */
  analysisFingerprint(): Promise<string>;
  interpret(req: InterpretRequest): Promise<InterpretationResult>;
  /** Input already trimmed, non-empty, at most 60 characters. */
  interpretSymbol(input: string): Promise<SymbolReading>;
  /** The knowledge-base symbols, for seeding the dream_symbols table. */
  dictionarySeed(): Promise<Array<{ symbol: string; category: string; meaning: string; associations: string[] }>>;
}
