import { z } from 'zod';
import { LEX_NAMES } from '../nlp/wordnet';

/**
 * The dream knowledge base is data written by the project: the symbols (kb/symbols/*.json), the
 * motifs (kb/motifs.json), the word lists the rules consult (kb/lexicon/*.json) and what the
 * engine knows of each category (kb/categories.json). These schemas validate it when the engine
 * loads, so a broken entry fails loudly at start instead of producing a strange interpretation later.
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
  /** Single-word synonyms and variants in base form ("sea" for "ocean"). May be empty; at most 30 (clothes has many). */
  synonyms: z.array(term).max(30),
  /** Multi-word forms in base form ("open sea", "tidal wave"). May be empty. */
  phrases: z.array(term).max(20),
  /**
   * Explicit references: for a meaning sentence (its 0-based index, as a string) that presents other
   * symbols as part of the dream ("sand slipping through your fingers"), the names of those symbols.
   * A reading uses the sentence only when they were found too. Sentences not listed assert no other
   * symbol. scripts/annotate-kb-references.ts proposes these; the loader checks each one.
   */
  asserts: z.record(z.string().regex(/^\d+$/, 'sentence indexes are numbers'), z.array(term).min(1)).optional(),
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
  /**
   * Symbols the motif is an image of, found with it whether or not the dream names them: a flight told
   * without the word "fly" is still flying; a drop told as "the street coming at me" still a fall.
   */
  implies: z.array(z.string()).optional(),
  /**
   * What the motif rules out: breathing under water is no drowning, motif or image, whatever words the dream
   * uses for it (no labelled dream that tells the one counts the other).
   */
  excludes: z.strictObject({ motifs: z.array(z.string()), symbols: z.array(z.string()) }).optional(),
});
export type MotifEntry = z.infer<typeof motifEntrySchema>;

/**
 * kb/motif-model.json, written by scripts/train-motif-model.ts: a logistic model per motif over the
 * features of analysis/motif-model.ts. Weights are sparse: [feature index, weight] pairs.
 */
const weightsSchema = z.strictObject({
  bias: z.number(),
  weights: z.array(z.tuple([z.number().int().nonnegative(), z.number()])),
});

export const motifModelFileSchema = z.strictObject({
  about: z.string().min(20),
  trainedOn: z.record(z.string(), z.number().int().nonnegative()),
  settings: z.record(z.string(), z.number()),
  threshold: z.number().gt(0).lt(1),
  features: z.array(z.string().min(3)).min(1),
  motifs: z.record(z.string().regex(/^[a-z0-9-]+$/), weightsSchema),
  /**
   * Symbols a story implies without their word ("I couldn't move, something was sitting on my chest" is
   * paralysis), each a logistic model over the same features, used at or above `symbolThreshold`.
   */
  symbolThreshold: z.number().gt(0).lt(1).optional(),
  symbols: z.record(z.string().regex(/^[a-z][a-z -]*$/), weightsSchema).optional(),
});
export type MotifModelFile = z.infer<typeof motifModelFileSchema>;

/**
 * The learnt last look at each found symbol (analysis/symbol-acceptance.ts), written by
 * scripts/train-symbol-acceptance.ts: a bias and a weight per feature, a symbol kept at or above `threshold`.
 */
export const symbolAcceptanceFileSchema = z
  .strictObject({
    about: z.string().min(20),
    trainedOn: z.record(z.string(), z.number().int().nonnegative()),
    settings: z.record(z.string(), z.number()),
    threshold: z.number().gt(0).lt(1),
    bias: z.number(),
    features: z.array(z.string().min(1)),
    weights: z.array(z.number()),
  })
  .refine((f) => f.features.length === f.weights.length, { message: 'features and weights differ in length' });
export type SymbolAcceptanceFile = z.infer<typeof symbolAcceptanceFileSchema>;

/** The acceptance model ready to use. */
export interface SymbolAcceptance {
  threshold: number;
  bias: number;
  weights: Map<string, number>;
}

/** The model ready to use: features indexed, weights by feature index. */
export interface MotifModel {
  threshold: number;
  index: Map<string, number>;
  motifs: Array<{ id: string; bias: number; weights: Map<number, number> }>;
  /** Symbols implied by the story (symbol name as id), used at or above `symbolThreshold`. */
  symbolThreshold: number;
  symbols: Array<{ id: string; bias: number; weights: Map<number, number> }>;
}

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
  'Events and Occasions',
] as const;
export type KbCategory = (typeof KB_CATEGORIES)[number];
/** The category of people and figures: read for pronouns, visits and who is only spoken of. */
export const PEOPLE_CATEGORY: KbCategory = 'People and Figures';

/** Universal part-of-speech tags, as the tagger writes them. */
export const POS_TAGS = [
  'ADJ',
  'ADP',
  'ADV',
  'AUX',
  'CCONJ',
  'DET',
  'INTJ',
  'NOUN',
  'NUM',
  'PART',
  'PRON',
  'PROPN',
  'PUNCT',
  'SCONJ',
  'SYM',
  'VERB',
  'X',
] as const;

/** A lexicon list's name is its file name (kebab-case, without ".json"). */
const listName = z.string().regex(/^[a-z0-9-]+$/, 'list names are kebab-case file names without ".json"');
/** One sentence or two saying what the list is for, shown to whoever edits it. */
const description = z.string().min(20).max(400);

/** A lower-case word or fixed expression the engine's rules look for ("n't", "e.g.", "my dream"). */
const lexiconWord = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[\p{Ll}0-9'.-]+( [\p{Ll}0-9'.-]+)*$/u, 'lexicon words are lower-case');

function noRepeats(items: readonly string[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item)) ctx.addIssue({ code: 'custom', path: ['items'], message: `"${item}" is listed twice` });
    seen.add(item);
  }
}

/**
 * A list the analysis and composition rules consult (kb/lexicon/<name>.json): words, or
 * part-of-speech tags. A list may include other lists of the same kind instead of repeating them.
 */
export const lexiconListSchema = z
  .discriminatedUnion('of', [
    z.strictObject({
      description,
      of: z.literal('words'),
      include: z.array(listName).optional(),
      items: z.array(lexiconWord),
    }),
    z.strictObject({
      description,
      of: z.literal('tags'),
      include: z.array(listName).optional(),
      items: z.array(z.enum(POS_TAGS)),
    }),
  ])
  .superRefine((list, ctx) => {
    noRepeats(list.items, ctx);
    if (!list.items.length && !list.include?.length)
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'a list needs items or an include' });
  });
export type LexiconList = z.infer<typeof lexiconListSchema>;

/** WordNet's noun lexicographer files ("noun.animal"): the broad kind of thing a noun sense is. */
const wordnetNounFile = z
  .enum(LEX_NAMES)
  .refine((name) => name.startsWith('noun.'), 'expected a WordNet noun file ("noun.animal")');

/**
 * Groups of categories the rules treat alike: qualities (they colour the images and never lead a
 * reading), categories read whatever the part of speech, the places a dream can be set in, and
 * what a proper noun may be read as.
 */
export const CATEGORY_ROLES = ['quality', 'any-pos', 'setting', 'proper-place'] as const;
export type CategoryRole = (typeof CATEGORY_ROLES)[number];

const kbCategory = z.enum(KB_CATEGORIES);

/** kb/categories.json: what the engine knows about each category beyond its symbols. */
export const categoriesFileSchema = z.strictObject({
  description,
  categories: z.record(
    kbCategory,
    z.strictObject({
      /** One general sentence, for words the knowledge base does not describe itself. */
      guidance: z.string().min(20).max(300),
      /** The noun files a WordNet sense of one of its symbols may belong to (a Lesk choice among them). */
      wordnetSenses: z.array(wordnetNounFile),
      /** Why the list is as it is, where that is not obvious. */
      wordnetNote: z.string().optional(),
      /** How far above an unknown noun (in WordNet hypernym steps) one of its symbols may be. */
      hypernymDepth: z.number().int().min(0).max(3),
    }),
  ),
  roles: z.record(
    z.enum(CATEGORY_ROLES),
    z.strictObject({ description, categories: z.array(kbCategory).min(1) }).superRefine((role, ctx) => {
      const seen = new Set<string>();
      for (const c of role.categories) {
        if (seen.has(c)) ctx.addIssue({ code: 'custom', path: ['categories'], message: `"${c}" is listed twice` });
        seen.add(c);
      }
    }),
  ),
  wordnetOnly: z.strictObject({
    description,
    /** For a word only WordNet knows: the category closest to its noun file. */
    byNounFile: z
      .partialRecord(z.enum(LEX_NAMES), kbCategory)
      .refine((map) => Object.keys(map).every((name) => name.startsWith('noun.')), 'expected WordNet noun files'),
    /** The category of a noun file not listed above. */
    otherwise: kbCategory,
  }),
});
export type CategoriesFile = z.infer<typeof categoriesFileSchema>;

/** Which words the training narratives put side by side (nlp/word-pairs.ts), written by scripts/build-word-pairs.ts. */
export const wordPairsFileSchema = z.strictObject({
  about: z.string().min(20),
  dreams: z.number().int().positive(),
  vocabulary: z.array(z.string().regex(/^[a-z]+(?:'[a-z]+)?$/)),
  pairs: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/),
});
