/** The first run in the browser (docs/product.md §2 "First run (`/admin/setup`)"). */
import { z } from 'zod';
import { LIMITS } from '../constants';
import { adminAccountSchema } from './auth';
import { singleLine } from './text';

/** GET /api/setup: whether the site still has no administrator, so /admin/setup is open. */
export const setupStatusSchema = z.object({ needed: z.boolean() }).meta({ id: 'SetupStatus' });
export type SetupStatus = z.infer<typeof setupStatusSchema>;

export const SETUP_CODE_REQUIRED = 'Setup code is required';

/** POST /api/setup: the code from the server's log and her account, under the admin CLI's rules. */
export const setupInputSchema = adminAccountSchema.extend({
  code: z.string({ error: SETUP_CODE_REQUIRED }).trim().min(1, SETUP_CODE_REQUIRED).max(64, 'Setup code is too long'),
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(LIMITS.nameMax)
    .refine(...singleLine),
});
export type SetupInput = z.infer<typeof setupInputSchema>;
