import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findNul, NUL_MESSAGE, text } from './text';

describe('text()', () => {
  const schema = z.object({ title: text({ error: 'Title is required' }).trim().min(1, 'Title is required').max(5) });

  it('refuses a NUL before any other rule, and otherwise behaves as z.string()', () => {
    expect(schema.safeParse({ title: '\u0000' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['title'], message: NUL_MESSAGE }),
    ]);
    expect(schema.safeParse({ title: 'a\u0000'.repeat(10) }).error?.issues).toHaveLength(1);
    expect(schema.safeParse({ title: '  owl ' }).data).toEqual({ title: 'owl' });
    expect(schema.safeParse({ title: '   ' }).error?.issues[0]?.message).toBe('Title is required');
    expect(schema.safeParse({ title: 7 }).error?.issues[0]?.message).toBe('Title is required');
  });
});

describe('findNul', () => {
  it('gives the dotted path of the first NUL in strings or keys, or null', () => {
    expect(findNul({ a: 'ok', b: [1, 'x', { c: 'y\u0000' }] })).toBe('b.2.c');
    expect(findNul({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findNul('\u0000')).toBe('');
    expect(findNul({ a: 'ok', n: null, d: 3, t: true })).toBeNull();
  });
});
