import { z } from 'zod';

/** The generic answer body: every error (4xx, 5xx) and every plain confirmation is `{ message }`. */
export const messageSchema = z.object({ message: z.string() });
