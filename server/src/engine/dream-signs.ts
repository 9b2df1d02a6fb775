import type { DreamAnalysis, DreamForEngine, DreamSign } from './types';

function validDate(d: Date | null): Date | null {
  return d instanceof Date && !Number.isNaN(d.getTime()) ? d : null;
}

/**
 * Recurring symbols and motifs across the user's dreams: how many dreams contain each, when it was
 * first and last seen (by dream date) and in which dreams. Pure; the caller supplies the analyses.
 */
export function computeDreamSigns(
  items: Array<{ dream: DreamForEngine; analysis: DreamAnalysis }>,
  minCount = 2,
): DreamSign[] {
  const signs = new Map<string, DreamSign & { first: Date | null; last: Date | null }>();
  const add = (kind: DreamSign['kind'], key: string, label: string, dream: DreamForEngine) => {
    const id = `${kind}:${key}`;
    const sign = signs.get(id) ?? {
      kind,
      key,
      label,
      count: 0,
      firstSeen: null,
      lastSeen: null,
      dreamIds: [],
      first: null,
      last: null,
    };
    if (sign.dreamIds.includes(dream.id)) return;
    sign.count += 1;
    sign.dreamIds.push(dream.id);
    const date = validDate(dream.date);
    if (date) {
      if (!sign.first || date < sign.first) sign.first = date;
      if (!sign.last || date > sign.last) sign.last = date;
    }
    signs.set(id, sign);
  };
  for (const { dream, analysis } of items) {
    for (const s of analysis.symbols) add('symbol', s.name, symbolLabel(s.name), dream);
    for (const m of analysis.motifs) add('motif', m.id, m.name, dream);
  }
  return [...signs.values()]
    .filter((s) => s.count >= minCount)
    .map(({ first, last, ...sign }) => ({
      ...sign,
      firstSeen: first ? first.toISOString() : null,
      lastSeen: last ? last.toISOString() : null,
      dreamIds: [...sign.dreamIds].sort((a, b) => a - b),
    }))
    .sort(bySignOrder);
}

/** Dream signs in the order they are shown: most dreams first, motifs before symbols, then by label. */
export function bySignOrder(a: DreamSign, b: DreamSign): number {
  return b.count - a.count || (a.kind === b.kind ? 0 : a.kind === 'motif' ? -1 : 1) || a.label.localeCompare(b.label);
}

/** How a symbol's name is shown as a dream sign ("Water"). */
export function symbolLabel(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
