import { CLASSIC_DREAM_SIGNS, PERSONAL_SIGN_CHECK } from '@common/dream-signs-classic';
import type { DreamSignWord } from '@common/schemas/dream-signs';

/**
 * The dream dialog's live dream-sign matcher: finds, in what the dreamer is writing, their own
 * recurring dream signs (fed from GET /api/analytics/dream-signs/words) and the classic signs
 * (common/dream-signs-classic.ts). Pure and quick (a few regular expressions over one narrative),
 * run only after a pause in typing.
 */
export interface LiveSignMatch {
  id: string;
  kind: 'personal' | 'classic';
  label: string;
  /** The words as written. */
  word: string;
  start: number;
  end: number;
  note: string;
  /** The reality check's id (an anchor on the My Symbols page). */
  check: string;
}

/** Signs shown at most (the first of each, in the order they appear). */
export const MAX_LIVE_SIGNS = 8;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One pattern per recurring sign: any of its forms, singular or plural, as whole words. */
export function personalPattern(sign: DreamSignWord): RegExp | null {
  const forms = sign.forms.map((f) => f.trim()).filter((f) => f.length >= 2);
  if (!forms.length) return null;
  const alternatives = forms
    .sort((a, b) => b.length - a.length)
    .map((f) => escapeRegExp(f).replace(/\s+/g, '\\s+'))
    .join('|');
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?:s|es)?(?![\\p{L}\\p{N}])`, 'iu');
}

export function matchDreamSigns(text: string, personal: readonly DreamSignWord[]): LiveSignMatch[] {
  const found: LiveSignMatch[] = [];
  /** Keeps the sign's first occurrence unless the same words already carry another sign. */
  const add = (pattern: RegExp | null, sign: Omit<LiveSignMatch, 'word' | 'start' | 'end'>) => {
    const hit = pattern?.exec(text);
    if (!hit) return;
    const start = hit.index;
    const end = start + hit[0].length;
    if (found.some((m) => start < m.end && m.start < end)) return;
    found.push({ ...sign, word: hit[0], start, end });
  };
  for (const sign of personal)
    add(personalPattern(sign), {
      id: `personal:${sign.key}`,
      kind: 'personal',
      label: sign.label,
      note: `One of your dream signs: it has appeared in ${sign.count} of your dreams.`,
      check: PERSONAL_SIGN_CHECK,
    });
  for (const sign of CLASSIC_DREAM_SIGNS)
    add(sign.pattern, {
      id: `classic:${sign.id}`,
      kind: 'classic',
      label: sign.label,
      note: sign.note,
      check: sign.check,
    });
  return found.sort((a, b) => a.start - b.start).slice(0, MAX_LIVE_SIGNS);
}

/** A few words either side of a match, cut at word boundaries. */
export function contextOf(text: string, m: Pick<LiveSignMatch, 'start' | 'end'>, span = 28) {
  let from = Math.max(0, m.start - span);
  let to = Math.min(text.length, m.end + span);
  if (from > 0) from = text.indexOf(' ', from) + 1 || m.start;
  if (to < text.length) to = Math.max(m.end, text.lastIndexOf(' ', to));
  return {
    before: `${from > 0 ? '…' : ''}${text.slice(from, m.start)}`.replace(/\s+/g, ' '),
    after: `${text.slice(m.end, to)}${to < text.length ? '…' : ''}`.replace(/\s+/g, ' '),
  };
}
