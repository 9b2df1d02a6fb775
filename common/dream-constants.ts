// Dream constants and helpers the client needs on pages that load no schema: kept free of zod so those pages do not
// download it (common/schemas/dreams.ts re-exports them for everything else).

export const TAG_SUGGESTIONS = ['flying', 'portal', 'guide', 'lucid', 'contact'] as const;

/** The search box text that filters by one tag: #tag, or #"two words" for a tag with spaces. */
export function tagSearchText(tag: string): string {
  return /\s/.test(tag) ? `#"${tag.replace(/"/g, '')}"` : `#${tag}`;
}

/** Search snippets mark matches with these control characters; the client turns them into <mark>. */
export const SNIPPET_START = '\u0002';
export const SNIPPET_STOP = '\u0003';
