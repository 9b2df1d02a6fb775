import { recordedEvidenceSchema, type Interpretation } from '@common/schemas/interpretations';
import type { InterpretationRow } from '../../db/schema';

/**
 * A reading, with the evidence recorded when it was written (why each paragraph says what it says).
 * A reading from before evidence was recorded has none, and neither has one whose stored evidence no
 * longer has the shape the client reads: it is left out rather than sent half right.
 */
export function presentInterpretation(row: InterpretationRow): Interpretation {
  const evidence = row.evidence === null ? undefined : recordedEvidenceSchema.safeParse(row.evidence).data;
  return {
    id: row.id,
    dreamId: row.dreamId,
    content: row.content,
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
    ...(evidence ? { evidence } : {}),
  };
}
