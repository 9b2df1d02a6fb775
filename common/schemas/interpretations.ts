import { z } from 'zod';

/** A stretch of the dream's narrative: character offsets [start, end). */
export const evidenceSpanSchema = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) });
export type EvidenceSpan = z.infer<typeof evidenceSpanSchema>;

/** What one paragraph of a reading was drawn from. */
export const paragraphEvidenceSchema = z.object({
  /** The paragraph's position in the content (paragraphs are separated by blank lines), 0-based. */
  paragraph: z.number().int().min(0),
  /** The dream's words it rests on, in the narrative. */
  spans: z.array(evidenceSpanSchema),
  /** The narrative's sentences (0-based) those words are in. */
  sentences: z.array(z.number().int().min(0)),
  /** Dictionary symbols it discusses. */
  symbols: z.array(z.string()),
  /** Dream patterns (motif ids) it discusses. */
  motifs: z.array(z.string()),
  /** It reads the dream's emotional arc (the evidence's `tone`). */
  tone: z.boolean(),
  /** Earlier dreams of the user where a theme it discusses also appears, newest first. */
  recurring: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      dreams: z.array(z.object({ id: z.number().int(), title: z.string() })),
    }),
  ),
});
export type ParagraphEvidence = z.infer<typeof paragraphEvidenceSchema>;

/** Why a reading says what it says: evidence per paragraph, the tone arc, and what it left out on purpose. */
export const readingEvidenceSchema = z.object({
  paragraphs: z.array(paragraphEvidenceSchema),
  tone: z.object({
    movement: z.enum(['rising', 'falling', 'steady', 'mixed']),
    arc: z.array(evidenceSpanSchema.extend({ sentence: z.number().int().min(0), compound: z.number() })),
  }),
  /** Symbols the dream mentions only to deny them ("nobody chased me"): not read as present. */
  leftOut: z.array(evidenceSpanSchema.extend({ symbol: z.string(), surface: z.string() })),
});
export type ReadingEvidence = z.infer<typeof readingEvidenceSchema>;

/**
 * A reading's evidence as recorded with it when it was written: the engine's evidence plus the
 * dream's narrative as that reading read it. Every offset (spans, tone arc, left out) points into
 * `narrative`, so the evidence stays true after the dream is edited; the dream's current text is
 * highlighted only while it is still this text.
 */
export const recordedEvidenceSchema = readingEvidenceSchema.extend({ narrative: z.string() });
export type RecordedEvidence = z.infer<typeof recordedEvidenceSchema>;

export const interpretationSchema = z.object({
  id: z.number().int(),
  dreamId: z.number().int(),
  content: z.string(),
  provider: z.string(),
  createdAt: z.string(),
  /**
   * Added in the engine's second edition: where each paragraph came from in the dream, recorded
   * with every reading when it is written. Absent on readings written before evidence was recorded
   * (or imported without it); older clients ignore it.
   */
  evidence: recordedEvidenceSchema.optional(),
});
export type Interpretation = z.infer<typeof interpretationSchema>;

export const generateBodySchema = z.strictObject({
  dreamId: z.number({ error: 'dreamId must be a number' }).int().positive(),
  userId: z.unknown().optional(),
});

export const dreamIdParamsSchema = z.object({
  dreamId: z.coerce.number({ error: 'dreamId must be a number' }).int().positive().max(2_147_483_647),
});

export const recentInterpretationSchema = z
  .object({
    interpretation: interpretationSchema,
    dream: z.object({ id: z.number().int(), title: z.string() }),
  })
  .nullable();
export type RecentInterpretation = z.infer<typeof recentInterpretationSchema>;
