import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { GUIDED } from '@common/limits';
import { GUIDED_DIFFICULTIES, GUIDED_TYPES } from '@common/guided';

/**
 * The guided library as written in content/ (library/<slug>.md and blocks.json, see its README):
 * read and checked here, seeded into guided_content by the service and used by the composer.
 * A file that breaks the format stops the load with a message naming the file and the field.
 */
export const CONTENT_DIR = fileURLToPath(new URL('./content/', import.meta.url));

export class GuidedContentError extends Error {
  override name = 'GuidedContentError';
}

const booleanText = z.enum(['true', 'false']).transform((v) => v === 'true');

const headerSchema = z.object({
  title: z.string().min(1).max(200),
  description: z.string().min(1).max(1_000),
  type: z.enum(GUIDED_TYPES),
  difficulty: z.enum(GUIDED_DIFFICULTIES),
  duration: z.coerce.number().int().min(GUIDED.libraryDurationMin).max(GUIDED.libraryDurationMax),
  premium: booleanText.default(false),
  featured: booleanText.default(false),
  tags: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
});

export interface LibraryItem {
  slug: string;
  title: string;
  description: string;
  content: string;
  contentType: (typeof GUIDED_TYPES)[number];
  difficulty: (typeof GUIDED_DIFFICULTIES)[number];
  duration: number;
  isPremium: boolean;
  featured: boolean;
  tags: string[];
}

export const BLOCK_KINDS = [
  'settle',
  'breath',
  'bodyScan',
  'visualisation',
  'affirmation',
  'lucidityCue',
  'return',
] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

const blockSchema = z.object({
  id: z.string().min(1),
  types: z.array(z.enum(GUIDED_TYPES)).min(1),
  difficulty: z.array(z.enum(GUIDED_DIFFICULTIES)).min(1),
  text: z.string().min(1),
});
export type Block = z.infer<typeof blockSchema>;

const blocksSchema = z.object(
  Object.fromEntries(BLOCK_KINDS.map((kind) => [kind, z.array(blockSchema).min(1)])) as Record<
    BlockKind,
    z.ZodArray<typeof blockSchema>
  >,
);
export type BlockLibrary = Record<BlockKind, Block[]>;

function describe(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
}

/** Splits `---` header lines from the practice text. Header values are `key: value`, one a line. */
export function parseLibraryFile(slug: string, source: string): LibraryItem {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source.replace(/^\uFEFF/, ''));
  if (!match) throw new GuidedContentError(`library/${slug}.md: no --- header block at the top`);
  const fields: Record<string, string> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const colon = line.indexOf(':');
    if (colon < 1) throw new GuidedContentError(`library/${slug}.md: header line "${line}" is not "key: value"`);
    fields[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  const header = headerSchema.safeParse(fields);
  if (!header.success) throw new GuidedContentError(`library/${slug}.md: ${describe(header.error)}`);
  const content = (match[2] ?? '').trim();
  if (!content) throw new GuidedContentError(`library/${slug}.md: the practice text is empty`);
  const h = header.data;
  return {
    slug,
    title: h.title,
    description: h.description,
    content,
    contentType: h.type,
    difficulty: h.difficulty,
    duration: h.duration,
    isPremium: h.premium,
    featured: h.featured,
    tags: h.tags,
  };
}

/** Every library item in `dir`/library, by file name. Titles must be unique (they key the seed). */
export function loadLibrary(dir = CONTENT_DIR): LibraryItem[] {
  const libraryDir = path.join(dir, 'library');
  const files = readdirSync(libraryDir)
    .filter((f) => f.endsWith('.md'))
    .sort();
  const items = files.map((file) =>
    parseLibraryFile(file.replace(/\.md$/, ''), readFileSync(path.join(libraryDir, file), 'utf8')),
  );
  const seen = new Map<string, string>();
  for (const item of items) {
    const other = seen.get(item.title.toLowerCase());
    if (other) throw new GuidedContentError(`library/${item.slug}.md: title "${item.title}" is also in ${other}.md`);
    seen.set(item.title.toLowerCase(), item.slug);
  }
  return items;
}

/** The building blocks of personalised scripts, checked against the placeholder rules of the README. */
export function parseBlocks(source: string): BlockLibrary {
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch (err) {
    throw new GuidedContentError(`blocks.json is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const parsed = blocksSchema.safeParse(json);
  if (!parsed.success) throw new GuidedContentError(`blocks.json: ${describe(parsed.error)}`);
  const ids = new Set<string>();
  for (const kind of BLOCK_KINDS) {
    for (const block of parsed.data[kind]) {
      if (ids.has(block.id)) throw new GuidedContentError(`blocks.json: id "${block.id}" is used twice`);
      ids.add(block.id);
      if (block.text.includes('{preferences}') && !block.id.endsWith('-pref'))
        throw new GuidedContentError(`blocks.json: ${block.id} uses {preferences} but its id does not end in -pref`);
      if (block.text.includes('{sign}') && !block.id.includes('-sign'))
        throw new GuidedContentError(`blocks.json: ${block.id} uses {sign} but its id does not contain -sign`);
    }
  }
  return parsed.data;
}

export function loadBlocks(dir = CONTENT_DIR): BlockLibrary {
  const file = path.join(dir, 'blocks.json');
  if (!existsSync(file)) throw new GuidedContentError(`${file} is missing`);
  return parseBlocks(readFileSync(file, 'utf8'));
}

let cachedBlocks: BlockLibrary | null = null;

/** The shipped blocks, read once. */
export function shippedBlocks(): BlockLibrary {
  cachedBlocks ??= loadBlocks();
  return cachedBlocks;
}
