import type { Interpretation, ReadingEvidence } from '@common/schemas/interpretations';
import type { InterpretationRow } from '../../db/schema';

/** A reading; `evidence` (why each paragraph says what it says) where it was worked out. */
export function presentInterpretation(row: InterpretationRow, evidence?: ReadingEvidence): Interpretation {
  return {
    id: row.id,
    dreamId: row.dreamId,
    content: row.content,
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
    ...(evidence ? { evidence } : {}),
  };
}
