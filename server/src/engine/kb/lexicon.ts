import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_KB_DIR, KnowledgeBaseError, describeIssues, parseJson, reason } from './files';
import {
  CATEGORY_ROLES,
  categoriesFileSchema,
  lexiconListSchema,
  type CategoriesFile,
  type CategoryRole,
  type LexiconList,
} from './schema';

/**
 * The word lists and category data the analysis and composition rules consult, kept as knowledge-
 * base files (kb/lexicon/*.json, kb/categories.json) rather than in code. They are read and
 * validated once, when the engine is first imported: a broken file stops the start with a
 * message naming it.
 */

/** Every list the rules use; a file for each must exist in kb/lexicon/, and no other. */
export const LEXICON_LISTS = [
  'adjective-base-exceptions',
  'adjective-tagged-nouns',
  'airport-words',
  'asking-verbs',
  'being-words',
  'bodily-fear-cues',
  'bodily-states',
  'burning-body',
  'call-verbs',
  'catalan-marks',
  'clause-break-pos',
  'close-people',
  'comparison-hedges',
  'comparison-verbs',
  'composer-vocabulary',
  'compound-other-idea',
  'content-pos',
  'death-dating',
  'death-words',
  'determiners',
  'dream-distress',
  'drinking-glass',
  'drown-media',
  'durations',
  'excerpt-weak-ends',
  'existence-verbs',
  'famous-names',
  'female-person-words',
  'foot-of-places',
  'foot-of-skip',
  'fragment-clause-breaks',
  'fragment-weak-ends',
  'function-words',
  'generic-nouns',
  'gerunds-other-idea',
  'glasses-of-drink',
  'gut-fear-verbs',
  'heart-fear-verbs',
  'homeward-verbs',
  'honorifics',
  'hypernym-stop',
  'informal-words',
  'intention-framing',
  'letter-shapes',
  'likened-senses',
  'living-actions',
  'locative',
  'male-person-words',
  'modifier-compounds',
  'modifier-other-idea',
  'name-like',
  'negation-noun-cues',
  'negation-verbal-cues',
  'noun-like-pos',
  'noun-markers',
  'noun-phrase-continuers',
  'noun-phrase-pos',
  'numbered-things',
  'object-openers',
  'others-possessives',
  'own-actions',
  'own-only-people',
  'phrase-fillers',
  'placeholder-marks',
  'placeholder-words',
  'pursuit-spans',
  'real-words',
  'restaurant-names',
  'shop-names',
  'possessives',
  'question-skip-actions',
  'school-of-fish',
  'skip-before-predicate-pos',
  'speech-words',
  'stopwords',
  'storey-words',
  'striving-verbs',
  'struggle-verbs',
  'subject-negators',
  'time-prepositions',
  'topic-nouns',
  'topic-verbs',
  'untitled-titles',
  'waking-reactions',
  'verb-same-idea',
  'writing-words',
  'mail-words',
  'welsh-marks',
  'swahili-marks',
] as const;
export type LexiconName = (typeof LEXICON_LISTS)[number];

const LEXICON_NAMES = new Set<string>(LEXICON_LISTS);
export function isLexiconName(name: string): name is LexiconName {
  return LEXICON_NAMES.has(name);
}

/** One figure of speech (kb/lexicon/idioms/figures-of-speech.json); the pattern syntax is described in that file. */
export interface IdiomEntry {
  phrase: string;
  /** Its figurative sense, in a few words ("overwhelm"). */
  sense: string;
  /** The symbol the expression names, read in place of its words ("raining cats and dogs" → rain). */
  reads?: string;
  /** A literal use that looks like a figure of speech ("broke the ice on the lake"): its words are read as written. */
  literal?: boolean;
}

const IDIOMS_FILE = 'lexicon/idioms/figures-of-speech.json';
const idiomsFileSchema = z.strictObject({
  description: z.string().min(1),
  idioms: z
    .array(
      z.strictObject({
        phrase: z
          .string()
          .regex(
            /^(?:[a-z'{}|[\]() -]|\{not:[a-z-]+\})+$/,
            'lower-case words, {a|b} alternatives, {not:list} things, [optional] and (context) words only',
          ),
        sense: z.string().min(1),
        reads: z.string().min(1).optional(),
        literal: z.literal(true).optional(),
      }),
    )
    .min(150),
});

export interface CategoryInfo {
  guidance: string;
  wordnetSenses: readonly string[];
  hypernymDepth: number;
}

export interface Lexicon {
  lists: Readonly<Record<LexiconName, ReadonlySet<string>>>;
  categories: ReadonlyMap<string, CategoryInfo>;
  /** Figures of speech whose words are not read as images. */
  idioms: readonly IdiomEntry[];
  roles: Readonly<Record<CategoryRole, ReadonlySet<string>>>;
  /** For a word only WordNet knows: the category of a noun file. */
  wordnetCategory(nounFile: string): string;
  /** The files read, relative to the knowledge-base directory, with their text (for the fingerprint). */
  sources: ReadonlyArray<{ file: string; text: string }>;
}

function readText(file: string, label: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new KnowledgeBaseError(`knowledge base: cannot read ${label}: ${reason(err)}`);
  }
}

/** Resolves each list's includes into one set, rejecting unknown or circular includes and repeats. */
function resolveLists(raw: Map<string, LexiconList>): Map<string, Set<string>> {
  const resolved = new Map<string, Set<string>>();
  const resolve = (name: string, trail: string[]): Set<string> => {
    const done = resolved.get(name);
    if (done) return done;
    const label = `lexicon/${name}.json`;
    if (trail.includes(name))
      throw new KnowledgeBaseError(`knowledge base: ${label} includes itself (${[...trail, name].join(' → ')})`);
    const list = raw.get(name);
    if (!list)
      throw new KnowledgeBaseError(
        `knowledge base: lexicon/${trail.at(-1) ?? ''}.json includes unknown list "${name}"`,
      );
    const out = new Set<string>();
    for (const included of list.include ?? []) {
      const other = raw.get(included);
      if (other && other.of !== list.of)
        throw new KnowledgeBaseError(
          `knowledge base: ${label} (${list.of}) cannot include lexicon/${included}.json (${other.of})`,
        );
      for (const item of resolve(included, [...trail, name])) out.add(item);
    }
    for (const item of list.items) {
      if (out.has(item))
        throw new KnowledgeBaseError(`knowledge base: ${label} repeats "${item}", which an included list already has`);
      out.add(item);
    }
    resolved.set(name, out);
    return out;
  };
  for (const name of raw.keys()) resolve(name, []);
  return resolved;
}

/** Reads and validates kb/lexicon/*.json and kb/categories.json under `dir`. */
export function readLexicon(dir = DEFAULT_KB_DIR): Lexicon {
  const listDir = path.join(dir, 'lexicon');
  let files: string[];
  try {
    files = readdirSync(listDir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch (err) {
    throw new KnowledgeBaseError(`knowledge base: cannot list ${listDir}: ${reason(err)}`);
  }
  const sources: Array<{ file: string; text: string }> = [];
  const raw = new Map<string, LexiconList>();
  for (const file of files) {
    const label = `lexicon/${file}`;
    const text = readText(path.join(listDir, file), label);
    sources.push({ file: label, text });
    const parsed = lexiconListSchema.safeParse(parseJson(text, label));
    if (!parsed.success)
      throw new KnowledgeBaseError(`knowledge base: ${label} is invalid: ${describeIssues(parsed.error)}`);
    raw.set(file.slice(0, -'.json'.length), parsed.data);
  }
  const known = new Set<string>(LEXICON_LISTS);
  for (const name of raw.keys())
    if (!known.has(name))
      throw new KnowledgeBaseError(`knowledge base: lexicon/${name}.json is not a list the engine uses`);
  for (const name of LEXICON_LISTS)
    if (!raw.has(name)) throw new KnowledgeBaseError(`knowledge base: lexicon/${name}.json is missing`);
  const resolved = resolveLists(raw);
  const lists = Object.fromEntries(LEXICON_LISTS.map((name) => [name, resolved.get(name) ?? new Set()])) as Record<
    LexiconName,
    Set<string>
  >;

  const idiomsText = readText(path.join(dir, IDIOMS_FILE), IDIOMS_FILE);
  sources.push({ file: IDIOMS_FILE, text: idiomsText });
  const idiomsParsed = idiomsFileSchema.safeParse(parseJson(idiomsText, IDIOMS_FILE));
  if (!idiomsParsed.success)
    throw new KnowledgeBaseError(`knowledge base: ${IDIOMS_FILE} is invalid: ${describeIssues(idiomsParsed.error)}`);
  const seenIdioms = new Set<string>();
  for (const idiom of idiomsParsed.data.idioms) {
    if (seenIdioms.has(idiom.phrase))
      throw new KnowledgeBaseError(`knowledge base: ${IDIOMS_FILE} repeats "${idiom.phrase}"`);
    seenIdioms.add(idiom.phrase);
    for (const [, list] of idiom.phrase.matchAll(/\{not:([^}]*)\}/g))
      if (!isLexiconName(list ?? ''))
        throw new KnowledgeBaseError(`knowledge base: ${IDIOMS_FILE}: "${idiom.phrase}" names no word list "${list}"`);
  }

  const categoriesText = readText(path.join(dir, 'categories.json'), 'categories.json');
  sources.push({ file: 'categories.json', text: categoriesText });
  const parsed = categoriesFileSchema.safeParse(parseJson(categoriesText, 'categories.json'));
  if (!parsed.success)
    throw new KnowledgeBaseError(`knowledge base: categories.json is invalid: ${describeIssues(parsed.error)}`);
  const data: CategoriesFile = parsed.data;
  const categories = new Map<string, CategoryInfo>(
    Object.entries(data.categories).map(([name, c]) => [
      name,
      { guidance: c.guidance, wordnetSenses: c.wordnetSenses, hypernymDepth: c.hypernymDepth },
    ]),
  );
  const roles = Object.fromEntries(
    CATEGORY_ROLES.map((role) => [role, new Set<string>(data.roles[role].categories)]),
  ) as Record<CategoryRole, Set<string>>;
  const byNounFile = new Map<string, string>(Object.entries(data.wordnetOnly.byNounFile));
  const otherwise = data.wordnetOnly.otherwise;
  return {
    lists,
    categories,
    idioms: idiomsParsed.data.idioms,
    roles,
    wordnetCategory: (nounFile) => byNounFile.get(nounFile) ?? otherwise,
    sources,
  };
}

/** The engine's lexicon, read once. */
export const lexicon: Lexicon = readLexicon();

/** One list of the engine's lexicon. */
export function wordList(name: LexiconName): ReadonlySet<string> {
  return lexicon.lists[name];
}

/** The figures of speech the analysis recognises. */
export function idiomList(): readonly IdiomEntry[] {
  return lexicon.idioms;
}

/** The categories that play a role ("quality", "setting", …). */
export function categoriesWith(role: CategoryRole): ReadonlySet<string> {
  return lexicon.roles[role];
}
