import type { Interpretation } from '@common/schemas/interpretations';
import type { InterpretationRow } from '../../db/schema';

export function presentInterpretation(row: InterpretationRow): Interpretation {
  return {
    id: row.id,
    dreamId: row.dreamId,
    content: row.content,
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
  };
}
