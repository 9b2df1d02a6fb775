import { z } from 'zod';

/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a string carrying one would fail deep in
 * the database. Every string a request sends is refused with this message instead (400).
 * No digits in it: the error handler names the field unless the message already does.
 */
export const NUL_MESSAGE = 'must not contain the NUL control character';

export const containsNul = (value: string): boolean => value.includes('\u0000');

/**
 * The string schema for anything a client sends: z.string() that refuses NUL first (nothing else
 * is checked on such a value). Chain it like z.string(): text({ error }).trim().min(1).max(200).
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !containsNul(value), { message: NUL_MESSAGE, abort: true });
}

/** Where the first NUL is in a parsed request part (its strings and keys), as a dotted path; null if none. */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return containsNul(value) ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (containsNul(key)) return at;
    const found = findNul(item, at);
    if (found !== null) return found;
  }
  return null;
}
