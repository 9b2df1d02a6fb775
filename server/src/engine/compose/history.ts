import type { DetectedMotif, DetectedSymbol, DreamAnalysis, DreamForEngine } from '../types';

/**
 * Themes of this dream that recur in the user's other dreams, counted with the same analysis.
 * A statement such as "water appears in 4 of your last 10 dreams" is made only when the counts
 * support it: at least two other dreams within the window it names.
 */

export interface Recurrence {
  kind: 'symbol' | 'motif';
  key: string;
  /** The symbol as detected in this dream, or the motif. */
  symbol?: DetectedSymbol;
  motif?: DetectedMotif;
  /** Other dreams (within `window`) that contain it. */
  count: number;
  /** How many of the most recent other dreams were looked at. */
  window: number;
  /** Title of the most recent other dream that contains it. */
  lastTitle: string | null;
  /** The other dreams (within `window`) that contain it, newest first. */
  dreamIds: number[];
  /**
   * How it felt each time, oldest first, ending with this dream: the feeling named where it
   * appears, else the tone of those sentences ("panic", "curiosity", "peace").
   */
  feelings: string[];
}

export interface HistoryItem {
  dream: DreamForEngine;
  analysis: DreamAnalysis;
}

const RECENT_WINDOW = 10;
const MIN_RECENT = 2;
const MIN_OVERALL = 3;

function countIn(items: HistoryItem[], has: (a: DreamAnalysis) => boolean) {
  const found = items.filter((item) => has(item.analysis));
  return {
    count: found.length,
    lastTitle: found[0]?.dream.title.trim() || null,
    found,
  };
}

/** Words for a stretch of a dream's tone, as a feeling. */
function toneFeeling(value: number): string {
  if (value <= -0.5) return 'dread';
  if (value <= -0.15) return 'unease';
  if (value < 0.15) return 'calm';
  if (value < 0.5) return 'ease';
  return 'joy';
}

/** How a dream felt where a theme appears: the feeling it names there, else the tone of those sentences. */
export function feelingAt(analysis: DreamAnalysis, sentences: number[]): string {
  const where = new Set(sentences);
  const named = analysis.symbols.filter(
    (s) => s.category === 'Emotions' && (where.size === 0 || s.sentences.some((i) => where.has(i))),
  );
  if (named[0]) return named[0].name;
  const arc = analysis.tone.arc.filter((a) => where.size === 0 || where.has(a.sentence));
  const value = arc.length ? arc.reduce((sum, a) => sum + a.compound, 0) / arc.length : analysis.tone.overall;
  return toneFeeling(value);
}

function sentencesOfTheme(analysis: DreamAnalysis, kind: Recurrence['kind'], key: string): number[] {
  if (kind === 'symbol') return analysis.symbols.find((s) => s.name === key)?.sentences ?? [];
  const motif = analysis.motifs.find((m) => m.id === key);
  return motif && motif.sentence >= 0 ? [motif.sentence] : [];
}

/**
 * `history` is newest first, as the engine receives it. A dream marked or written as recurring
 * ("the same staircase again") counts a theme that returned even once.
 */
export function findRecurrences(current: DreamAnalysis, history: HistoryItem[], markedRecurring = false): Recurrence[] {
  const minRecent = markedRecurring ? 1 : MIN_RECENT;
  if (history.length < minRecent) return [];
  const recent = history.slice(0, RECENT_WINDOW);
  const out: Recurrence[] = [];
  const consider = (
    kind: Recurrence['kind'],
    key: string,
    has: (a: DreamAnalysis) => boolean,
    extra: Pick<Recurrence, 'symbol' | 'motif'>,
  ) => {
    const push = (r: ReturnType<typeof countIn>, window: number) => {
      const feelings = [...r.found]
        .reverse()
        .map((item) => feelingAt(item.analysis, sentencesOfTheme(item.analysis, kind, key)));
      feelings.push(feelingAt(current, sentencesOfTheme(current, kind, key)));
      out.push({
        kind,
        key,
        count: r.count,
        window,
        lastTitle: r.lastTitle,
        dreamIds: r.found.map((item) => item.dream.id),
        feelings,
        ...extra,
      });
    };
    const r = countIn(recent, has);
    if (r.count >= minRecent) return push(r, recent.length);
    if (history.length > RECENT_WINDOW) {
      const all = countIn(history, has);
      if (all.count >= MIN_OVERALL) push(all, history.length);
    }
  };
  for (const symbol of current.symbols)
    consider('symbol', symbol.name, (a) => a.symbols.some((s) => s.name === symbol.name), { symbol });
  for (const motif of current.motifs)
    consider('motif', motif.id, (a) => a.motifs.some((m) => m.id === motif.id), { motif });
  return out.sort((a, b) => b.count / b.window - a.count / a.window);
}

/** The dream says it has come before: marked recurring, tagged so, or "…again", "same … as before". */
export function markedRecurring(dream: DreamForEngine): boolean {
  return (
    dream.timePeriod === 'recurring' ||
    dream.tags.some((t) => /^recurr/i.test(t)) ||
    /\bsame\b[^.!?]{0,40}\bagain\b|\bonce again\b|\bsame \w+(?: \w+)? as (before|always|last time)\b|\bkeeps? (coming back|happening)\b|\brecurring (dream|nightmare)\b|\bdreamt? (of|about) [^.!?]{1,30} again\b/i.test(
      dream.narrative,
    )
  );
}

/** Symbols of this dream that none of the other dreams has (only meaningful with enough history). */
export function newSymbols(current: DreamAnalysis, history: HistoryItem[]): DetectedSymbol[] {
  return current.symbols.filter((s) => !history.some((h) => h.analysis.symbols.some((x) => x.name === s.name)));
}
