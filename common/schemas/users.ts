import { z } from 'zod';
import { LIMITS } from '../limits';
import { MSG } from '../messages';
import { ignoredUserId, USERNAME_CHARS } from './auth';
import { text } from './text';

/**
 * The marble avatar, as stored in the user's avatar columns (their names come from the original
 * product and do not say what they hold):
 * - `avatarElement`: the marble type (one of MARBLE_TYPES' ids),
 * - `avatarColor`: the body colour, the primary hex of one of AVATAR_COLOURS (any #RRGGBB is drawn),
 * - `avatarSymbol`: the accent pattern (one of ACCENT_PATTERNS' ids),
 * - `hairColor`: the accent colour the pattern is drawn in (#RRGGBB),
 * - `eyeColor`: the glow outline colour (#RRGGBB).
 */
export interface AvatarFields {
  avatarElement: string;
  avatarColor: string;
  avatarSymbol: string;
  hairColor: string;
  eyeColor: string;
}

export const MARBLE_TYPES = [
  {
    id: 'cat-eye',
    name: "Cat's Eye",
    description: 'A classic clear marble with a coloured streak, like the eye of a cat',
  },
  { id: 'shooter', name: 'Shooter', description: 'The big marble you shoot with: a bold body and a bright bullseye' },
  { id: 'clearie', name: 'Clearie', description: 'Clear tinted glass with a few tiny air bubbles' },
  { id: 'swirl', name: 'Swirl', description: 'Ribbons of colour twisting from the centre outwards' },
  { id: 'galaxy', name: 'Galaxy', description: 'A dark sky with a spiral of glowing stars and nebula' },
  { id: 'onionskin', name: 'Onionskin', description: 'Fine layered streaks covering the whole marble' },
  { id: 'solid', name: 'Solid', description: 'One opaque colour, smooth and glossy' },
  { id: 'tiger', name: 'Tiger', description: 'A warm body with dark wavy tiger stripes' },
  { id: 'sparkle', name: 'Sparkle', description: 'Glass filled with twinkling glitter' },
  { id: 'banded', name: 'Banded', description: 'Parallel bands of colour wrapped around the marble' },
] as const;
export type MarbleType = (typeof MARBLE_TYPES)[number]['id'];

/** The twelve body colours; the primary hex is what `avatarColor` stores, the secondary is drawn with it. */
export const AVATAR_COLOURS = [
  { id: 'blue', name: 'Blue', primary: '#1E88E5', secondary: '#90CAF9' },
  { id: 'red', name: 'Red', primary: '#E53935', secondary: '#FFAB91' },
  { id: 'green', name: 'Green', primary: '#43A047', secondary: '#C5E1A5' },
  { id: 'yellow', name: 'Yellow', primary: '#FDD835', secondary: '#FFF59D' },
  { id: 'purple', name: 'Purple', primary: '#8E24AA', secondary: '#CE93D8' },
  { id: 'orange', name: 'Orange', primary: '#FB8C00', secondary: '#FFCC80' },
  { id: 'pink', name: 'Pink', primary: '#EC407A', secondary: '#F8BBD0' },
  { id: 'teal', name: 'Teal', primary: '#00897B', secondary: '#80CBC4' },
  { id: 'amber', name: 'Amber', primary: '#FFB300', secondary: '#6D4C41' },
  { id: 'indigo', name: 'Indigo', primary: '#3949AB', secondary: '#9FA8DA' },
  { id: 'black', name: 'Black', primary: '#212121', secondary: '#757575' },
  { id: 'white', name: 'White', primary: '#F5F5F5', secondary: '#B0BEC5' },
] as const;

export const ACCENT_PATTERNS = [
  { id: 'none', name: 'None', description: 'No accent: the marble alone' },
  { id: 'dots', name: 'Dots', description: 'Evenly spaced round dots' },
  { id: 'streaks', name: 'Streaks', description: 'A few long curved streaks' },
  { id: 'speckles', name: 'Speckles', description: 'Fine specks scattered everywhere' },
  { id: 'stripes', name: 'Stripes', description: 'Thin straight parallel stripes' },
  { id: 'waves', name: 'Waves', description: 'Gentle wavy lines' },
] as const;
export type AccentPattern = (typeof ACCENT_PATTERNS)[number]['id'];

/** A few accent and glow colours offered as swatches (any #RRGGBB is accepted). */
export const ACCENT_SWATCHES = ['#FDD835', '#FFFFFF', '#FF7043', '#66BB6A', '#4FC3F7', '#BA68C8', '#F06292', '#212121'];
export const GLOW_SWATCHES = ['#FFFFFF', '#FDD835', '#5EEAD4', '#A78BFA', '#F48FB1', '#81D4FA', '#FFAB40', '#000000'];

export const HEX_COLOUR = /^#[0-9A-Fa-f]{6}$/;

/** The secondary hex drawn with a body colour: the palette's, or a lighter mix for any other hex. */
export function secondaryOf(primary: string): string {
  const known = AVATAR_COLOURS.find((c) => c.primary.toLowerCase() === primary.toLowerCase());
  if (known) return known.secondary;
  if (!HEX_COLOUR.test(primary)) return '#FFFFFF';
  const n = parseInt(primary.slice(1), 16);
  const mix = (v: number) => Math.round(v + (255 - v) * 0.55);
  const [r, g, b] = [mix((n >> 16) & 255), mix((n >> 8) & 255), mix(n & 255)];
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0').toUpperCase()}`;
}

const hex = (field: string) =>
  text({ error: `${field} must be a colour like #1E88E5` }).regex(HEX_COLOUR, `${field} must be a colour like #1E88E5`);

const typeIds = MARBLE_TYPES.map((t) => t.id) as [MarbleType, ...MarbleType[]];
const patternIds = ACCENT_PATTERNS.map((p) => p.id) as [AccentPattern, ...AccentPattern[]];

/** PATCH /api/users/avatar: every field checked; useDefaultAvatar is sent false by the client. */
export const avatarBodySchema = z.strictObject({
  avatarElement: z.enum(typeIds, { error: `avatarElement must be one of: ${typeIds.join(', ')}` }),
  avatarColor: hex('avatarColor'),
  avatarSymbol: z.enum(patternIds, { error: `avatarSymbol must be one of: ${patternIds.join(', ')}` }),
  hairColor: hex('hairColor'),
  eyeColor: hex('eyeColor'),
  useDefaultAvatar: z.boolean({ error: 'useDefaultAvatar must be true or false' }).optional(),
  userId: ignoredUserId,
});
export type AvatarBody = z.infer<typeof avatarBodySchema>;

/** The profile fields' rules, with the spec's messages (§5 Profile edit). */
const profileFields = {
  username: text({ error: 'Username is required' })
    .trim()
    .min(LIMITS.username.min, MSG.profileUsernameMin)
    .max(LIMITS.username.max, MSG.usernameMax)
    .regex(USERNAME_CHARS, MSG.usernameChars),
  email: text({ error: 'Email is required' })
    .trim()
    .max(LIMITS.email.max, MSG.emailMax)
    .pipe(z.email(MSG.profileEmailInvalid)),
  currentPassword: text({ error: MSG.currentPasswordRequired })
    .min(1, MSG.currentPasswordRequired)
    .max(LIMITS.password.max, MSG.passwordMax),
};

/** PATCH /api/users/profile. An empty newPassword means "keep the password". */
export const profileBodySchema = z.strictObject({
  ...profileFields,
  newPassword: text()
    .max(LIMITS.password.max, MSG.passwordMax)
    .refine((v) => v === '' || v.length >= LIMITS.password.min, MSG.passwordMin)
    .optional(),
  userId: ignoredUserId,
});
export type ProfileBody = z.infer<typeof profileBodySchema>;

/** The Edit Profile form: the same rules plus the confirmation (shown on confirmPassword). */
export const profileFormSchema = z
  .object({
    ...profileFields,
    newPassword: text()
      .max(LIMITS.password.max, MSG.passwordMax)
      .refine((v) => v === '' || v.length >= LIMITS.password.min, MSG.passwordMin),
    confirmPassword: text(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MSG.newPasswordsMismatch,
    path: ['confirmPassword'],
  });
export type ProfileForm = z.infer<typeof profileFormSchema>;
