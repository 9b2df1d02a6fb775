import { z } from 'zod';
import { LIMITS } from '../limits';
import { MSG } from '../messages';
import { text } from './text';

/** `userId` may be sent by older clients; it is accepted and ignored (the session decides). */
export const ignoredUserId = z.unknown().optional();

export const USERNAME_CHARS = /^[A-Za-z0-9_.-]+$/;

export const usernameSchema = text({ error: 'Username is required' })
  .trim()
  .min(LIMITS.username.min, MSG.usernameMin)
  .max(LIMITS.username.max, MSG.usernameMax)
  .regex(USERNAME_CHARS, MSG.usernameChars);

export const emailSchema = text({ error: 'Email is required' })
  .trim()
  .max(LIMITS.email.max, MSG.emailMax)
  .pipe(z.email(MSG.emailInvalid));

export const passwordSchema = text({ error: 'Password is required' })
  .min(LIMITS.password.min, MSG.passwordMin)
  .max(LIMITS.password.max, MSG.passwordMax);

export const loginBodySchema = z.strictObject({
  username: text({ error: 'Username is required' })
    .trim()
    .min(LIMITS.username.min, MSG.usernameMin)
    .max(LIMITS.username.max, MSG.usernameMax),
  password: passwordSchema,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The account's own fields: the same rules for the API and the registration form. */
const registerFields = { username: usernameSchema, email: emailSchema, password: passwordSchema };

/** A confirmation, when there is one, must repeat the password. */
const confirmed = (v: { password: string; confirmPassword?: string }) =>
  v.confirmPassword === undefined || v.confirmPassword === v.password;
const mismatch = { message: MSG.passwordsMismatch, path: ['confirmPassword'] };

/** The API also takes a body without the confirmation (scripts, older clients). */
export const registerBodySchema = z
  .strictObject({ ...registerFields, confirmPassword: text().max(LIMITS.password.max, MSG.passwordMax).optional() })
  .refine(confirmed, mismatch);
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const AVATAR_DEFAULTS = {
  avatarElement: 'swirl',
  avatarColor: '#1E88E5',
  avatarSymbol: 'none',
  hairColor: '#FDD835',
  eyeColor: '#FFFFFF',
} as const;

/** What leaves the server about a user. Never the password hash. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  avatarColor: z.string(),
  avatarElement: z.string(),
  avatarSymbol: z.string(),
  hairColor: z.string(),
  eyeColor: z.string(),
  useDefaultAvatar: z.boolean(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  isSuperAdmin: z.boolean(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const checkAdminSchema = z.object({
  isAdmin: z.boolean(),
  isSuperAdmin: z.boolean(),
  userId: z.number().int(),
});
export type CheckAdmin = z.infer<typeof checkAdminSchema>;

/** The registration form in the browser: the same rules plus a required confirmation. */
export const registerFormSchema = z
  .object({ ...registerFields, confirmPassword: text().min(LIMITS.password.min, MSG.passwordMin) })
  .refine(confirmed, mismatch);
export type RegisterForm = z.infer<typeof registerFormSchema>;
