import { describe, expect, it } from 'vitest';
import { computeDreamSigns } from './index';
import { analysisWith } from '../../test/analyses';
import type { DreamAnalysis, DreamForEngine } from './types';

function item(
  id: number,
  date: string | null,
  symbols: string[],
  motifs: string[] = [],
): { dream: DreamForEngine; analysis: DreamAnalysis } {
  return {
    dream: { id, title: `Dream ${id}`, narrative: '', tags: [], timePeriod: null, date: date ? new Date(date) : null },
    analysis: analysisWith(symbols, motifs),
  };
}

describe('computeDreamSigns', () => {
  const items = [
    item(1, '2025-01-03T00:00:00.000Z', ['water', 'dog'], ['being-chased']),
    item(2, '2025-01-10T00:00:00.000Z', ['water'], ['being-chased']),
    item(3, null, ['water', 'water', 'key']),
    item(4, '2024-12-30T00:00:00.000Z', ['dog', 'water']),
    item(5, '2025-02-01T00:00:00.000Z', ['key']),
  ];

  it('counts dreams per recurring symbol and motif, most frequent first', () => {
    const signs = computeDreamSigns(items);
    expect(signs.map((s) => `${s.kind}:${s.key}:${s.count}`)).toEqual([
      'symbol:water:4',
      'motif:being-chased:2',
      'symbol:dog:2',
      'symbol:key:2',
    ]);
  });

  it('records first and last seen by dream date, and the dream ids', () => {
    const water = computeDreamSigns(items).find((s) => s.key === 'water');
    expect(water).toMatchObject({
      kind: 'symbol',
      label: 'Water',
      firstSeen: '2024-12-30T00:00:00.000Z',
      lastSeen: '2025-01-10T00:00:00.000Z',
      dreamIds: [1, 2, 3, 4],
    });
    const chased = computeDreamSigns(items).find((s) => s.key === 'being-chased');
    expect(chased?.label).toBe('being chased');
  });

  it('honours minCount and handles undated dreams', () => {
    expect(computeDreamSigns(items, 4).map((s) => s.key)).toEqual(['water']);
    expect(computeDreamSigns(items, 1).length).toBe(4);
    const undated = computeDreamSigns([item(1, null, ['moon']), item(2, null, ['moon'])]);
    expect(undated[0]).toMatchObject({ key: 'moon', count: 2, firstSeen: null, lastSeen: null });
    expect(computeDreamSigns([])).toEqual([]);
  });
});
