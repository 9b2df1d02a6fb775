import { fileURLToPath } from 'node:url';
import type { z } from 'zod';

/** The knowledge base shipped with the engine: this directory. */
export const DEFAULT_KB_DIR = fileURLToPath(new URL('.', import.meta.url));

export class KnowledgeBaseError extends Error {
  override name = 'KnowledgeBaseError';
}

export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
}

export function parseJson(text: string, label: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new KnowledgeBaseError(
      `knowledge base: ${label} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

export function reason(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
