import { z } from 'zod';

/**
 * The dream knowledge base is data written by the project (see kb/symbols/*.json and
 * kb/motifs.json). These schemas validate it when the engine loads, so a broken entry fails
 * loudly at start instead of producing a strange interpretation later.
 */

/** A lower-case word or multi-word form in base form ("tooth", "fall out", "high school"). */
const term = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9' -]+$/, 'terms are lower-case words in base form');

export const symbolEntrySchema = z.object({
  /** Canonical name, lower-case, singular base form: "ocean", "snake", "teeth" is "tooth". */
  name: term,
  /** Display category, one of KB_CATEGORIES. */
  category: z.string().min(2),
  /** 2–4 sentences. What the symbol tends to mean in dreams, written in the app's voice. */
  meaning: z.string().min(40).max(900),
  /** 4–8 short associations (1–5 words each). */
  associations: z.array(z.string().min(2).max(60)).min(4).max(8),
  /** Single-word synonyms and variants in base form ("sea" for "ocean"). May be empty. */
  synonyms: z.array(term).max(20),
  /** Multi-word forms in base form ("open sea", "tidal wave"). May be empty. */
  phrases: z.array(term).max(20),
});
export type SymbolEntry = z.infer<typeof symbolEntrySchema>;

/** A group of alternatives: any one of these lemmas or multi-word forms satisfies the group. */
const cueGroup = z.array(term).min(1);

export const motifEntrySchema = z.object({
  /** Stable id, kebab-case: "teeth-falling-out". */
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** Display name: "Teeth falling out". */
  name: z.string().min(3).max(60),
  /**
   * Ways the motif is recognised. The motif is present when at least one trigger matches.
   * A trigger matches when every group in `all` has at least one of its terms present
   * (non-negated) within the trigger's scope: one sentence, or the whole dream.
   */
  triggers: z
    .array(
      z.object({
        all: z.array(cueGroup).min(1).max(4),
        scope: z.enum(['sentence', 'dream']),
      }),
    )
    .min(1),
  /** 2–4 sentences: what the motif tends to mean, its own reading. */
  reading: z.string().min(60).max(900),
  /** 1–3 sentences: how this motif can work as a dream sign for becoming lucid. */
  lucidNote: z.string().min(40).max(600),
  /** The reality check that fits this motif, as a short imperative ("Look at your hands and count your fingers"). */
  realityCheck: z.string().min(10).max(200),
  /**
   * Whether cues may come from remarks about the dreamer's waking past ("even though he passed
   * away in 2019", "years ago"). Off by default: such a remark is context, not an event of the
   * dream; a visit from someone who has died is recognised precisely through it.
   */
  readsBackstory: z.boolean().optional(),
});
export type MotifEntry = z.infer<typeof motifEntrySchema>;

export const KB_CATEGORIES = [
  'Animals',
  'Nature',
  'Water',
  'Celestial',
  'Weather',
  'Places',
  'Buildings and Rooms',
  'People and Figures',
  'Body',
  'Objects',
  'Clothing',
  'Food and Drink',
  'Vehicles and Travel',
  'Technology',
  'Actions',
  'Elements',
  'Colors',
  'Numbers',
  'Emotions',
  'Spiritual and Otherworldly',
] as const;
export type KbCategory = (typeof KB_CATEGORIES)[number];
