// Dream constants the client needs on pages that load no schema: kept free of zod so those pages do not
// download it (common/schemas/dreams.ts re-exports them for everything else).

export const TAG_SUGGESTIONS = ['flying', 'portal', 'guide', 'lucid', 'contact'] as const;

/** Search snippets mark matches with these control characters; the client turns them into <mark>. */
export const SNIPPET_START = '\u0002';
export const SNIPPET_STOP = '\u0003';
