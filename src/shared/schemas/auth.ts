import { z } from 'zod';
import { LIMITS } from '../constants';

/** Sign-in form and POST /api/auth/login (docs/product.md §5 Login). */
export const loginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(LIMITS.usernameMax),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(LIMITS.passwordMax),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Rules for a new administrator password (CLI and start-up bootstrap). */
export const newPasswordSchema = z
  .string()
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

export const adminAccountSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(LIMITS.usernameMax)
    .regex(/^[A-Za-z0-9._@-]+$/, 'Username may use letters, digits and . _ @ - only'),
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(LIMITS.nameMax),
  email: z.email('Please enter a valid email').max(LIMITS.emailMax),
  password: newPasswordSchema,
});
export type AdminAccountInput = z.infer<typeof adminAccountSchema>;

/** What GET /api/auth/me and POST /api/auth/login answer: never the password hash. */
export const sessionUserSchema = z
  .object({ id: z.number().int(), username: z.string(), name: z.string(), email: z.string() })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof sessionUserSchema>;
