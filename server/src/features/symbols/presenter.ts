import type { DreamSymbol } from '@common/schemas/symbols';
import type { dreamSymbols } from '../../db/schema';

export type SymbolRow = typeof dreamSymbols.$inferSelect;

export function presentSymbol(row: SymbolRow): DreamSymbol {
  return {
    id: row.id,
    symbol: row.symbol,
    category: row.category,
    meaning: row.meaning,
    associations: row.associations,
    createdAt: row.createdAt.toISOString(),
    lastInterpretedAt: row.lastInterpretedAt ? row.lastInterpretedAt.toISOString() : null,
  };
}
