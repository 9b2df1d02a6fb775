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
}

export interface HistoryItem {
  dream: DreamForEngine;
  analysis: DreamAnalysis;
}

const RECENT_WINDOW = 10;
const MIN_RECENT = 2;
const MIN_OVERALL = 3;

function countIn(
  items: HistoryItem[],
  has: (a: DreamAnalysis) => boolean,
): { count: number; lastTitle: string | null } {
  let count = 0;
  let lastTitle: string | null = null;
  for (const item of items) {
    if (!has(item.analysis)) continue;
    count += 1;
    if (lastTitle === null) lastTitle = item.dream.title.trim() || null;
  }
  return { count, lastTitle };
}

/** `history` is newest first, as the engine receives it. */
export function findRecurrences(current: DreamAnalysis, history: HistoryItem[]): Recurrence[] {
  if (history.length < MIN_RECENT) return [];
  const recent = history.slice(0, RECENT_WINDOW);
  const out: Recurrence[] = [];
  const consider = (
    kind: Recurrence['kind'],
    key: string,
    has: (a: DreamAnalysis) => boolean,
    extra: Pick<Recurrence, 'symbol' | 'motif'>,
  ) => {
    const r = countIn(recent, has);
    if (r.count >= MIN_RECENT) {
      out.push({ kind, key, count: r.count, window: recent.length, lastTitle: r.lastTitle, ...extra });
      return;
    }
    if (history.length > RECENT_WINDOW) {
      const all = countIn(history, has);
      if (all.count >= MIN_OVERALL)
        out.push({ kind, key, count: all.count, window: history.length, lastTitle: all.lastTitle, ...extra });
    }
  };
  for (const symbol of current.symbols)
    consider('symbol', symbol.name, (a) => a.symbols.some((s) => s.name === symbol.name), { symbol });
  for (const motif of current.motifs)
    consider('motif', motif.id, (a) => a.motifs.some((m) => m.id === motif.id), { motif });
  return out.sort((a, b) => b.count / b.window - a.count / a.window);
}

/** Symbols of this dream that none of the other dreams has (only meaningful with enough history). */
export function newSymbols(current: DreamAnalysis, history: HistoryItem[]): DetectedSymbol[] {
  return current.symbols.filter((s) => !history.some((h) => h.analysis.symbols.some((x) => x.name === s.name)));
}
