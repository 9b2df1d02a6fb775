import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { AVATAR_COLOURS, avatarBodySchema, MARBLE_TYPES, profileFormSchema, secondaryOf } from './users';

const good = {
  avatarElement: 'swirl',
  avatarColor: '#1E88E5',
  avatarSymbol: 'none',
  hairColor: '#FDD835',
  eyeColor: '#FFFFFF',
};

describe('the marble catalogue and its schema', () => {
  it('has the spec’s ten types and twelve colours, each with two hex values', () => {
    expect(MARBLE_TYPES.map((t) => t.id)).toEqual([
      'cat-eye',
      'shooter',
      'clearie',
      'swirl',
      'galaxy',
      'onionskin',
      'solid',
      'tiger',
      'sparkle',
      'banded',
    ]);
    expect(AVATAR_COLOURS.map((c) => c.id)).toEqual([
      'blue',
      'red',
      'green',
      'yellow',
      'purple',
      'orange',
      'pink',
      'teal',
      'amber',
      'indigo',
      'black',
      'white',
    ]);
    for (const c of AVATAR_COLOURS) {
      expect(c.primary).toMatch(/^#[0-9A-F]{6}$/);
      expect(c.secondary).toMatch(/^#[0-9A-F]{6}$/);
    }
  });

  it('draws a palette colour with its secondary and any other hex with a lighter mix', () => {
    expect(secondaryOf('#e53935')).toBe('#FFAB91');
    expect(secondaryOf('#000000')).toBe('#8C8C8C');
  });

  it('accepts the defaults and refuses unknown types, patterns and non-hex colours', () => {
    expect(avatarBodySchema.safeParse(good).success).toBe(true);
    for (const bad of [
      { ...good, avatarElement: 'rock' },
      { ...good, avatarSymbol: 'zigzag' },
      { ...good, avatarColor: 'red' },
      { ...good, hairColor: '#12345' },
      { ...good, eyeColor: '#1234567' },
      { ...good, extra: 1 },
    ]) {
      expect(avatarBodySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('the Edit Profile form', () => {
  const base = {
    username: 'dreamer',
    email: 'd@example.test',
    currentPassword: 'x',
    newPassword: '',
    confirmPassword: '',
  };
  const messages = (value: unknown) => {
    const r = profileFormSchema.safeParse(value);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('uses the spec’s messages', () => {
    expect(messages(base)).toEqual([]);
    expect(messages({ ...base, username: 'ab' })).toEqual([`username: ${MSG.profileUsernameMin}`]);
    expect(messages({ ...base, email: 'nope' })).toEqual([`email: ${MSG.profileEmailInvalid}`]);
    expect(messages({ ...base, currentPassword: '' })).toEqual([`currentPassword: ${MSG.currentPasswordRequired}`]);
    expect(messages({ ...base, newPassword: 'secret-1', confirmPassword: 'secret-2' })).toEqual([
      `confirmPassword: ${MSG.newPasswordsMismatch}`,
    ]);
  });
});
