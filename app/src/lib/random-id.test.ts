import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomUuid } from './random-id';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => vi.unstubAllGlobals());

describe('randomUuid', () => {
  it('gives distinct version 4 UUIDs', () => {
    const ids = new Set(Array.from({ length: 50 }, randomUuid));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  });
  it('still works where crypto.randomUUID is unavailable (plain http)', () => {
    vi.stubGlobal('isSecureContext', false);
    const id = randomUuid();
    expect(id).toMatch(UUID_V4);
    expect(randomUuid()).not.toBe(id);
  });
});
