import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './user.ts';

/**
 * The account page and the forgotten password (issue 19):
 *
 * GET   /api/user/account          → accountSchema
 * PATCH /api/user/account          → updateAccountBodySchema / accountSchema
 * POST  /api/user/sessions/end     → (no body) / changePasswordResponseSchema (contract)
 * POST  /api/password/forgot       → forgotPasswordBodySchema / forgotPasswordResponseSchema
 * POST  /api/password/reset        → resetPasswordBodySchema / okResponseSchema
 * POST  /api/admin/reset-link      → adminResetLinkBodySchema / adminResultSchema
 */

export const ACCOUNT_NAME_MAX_LENGTH = 100;

/** The signed-in user's own account: the name they chose (null when none) and the email they sign in with. */
export const accountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
});
export type Account = z.infer<typeof accountSchema>;

/** A new name; an empty one (after trimming) clears it. */
export const updateAccountBodySchema = z.object({
  name: z
    .string({ error: 'name must be a string' })
    .trim()
    .max(ACCOUNT_NAME_MAX_LENGTH, `name must be at most ${ACCOUNT_NAME_MAX_LENGTH} characters`),
});

export const forgotPasswordBodySchema = z.object({ email: emailSchema });

/** The one answer to a reset request, whether or not an account has that address (no enumeration). */
export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for that address, we sent a link to reset its password.';
export const forgotPasswordResponseSchema = z.object({ ok: z.literal(true), message: z.string() });

/** The token of a reset link (43 base64url characters: 32 random bytes) and the new password. */
export const resetPasswordBodySchema = z.object({
  token: z
    .string({ error: 'token must be a string' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'token: this reset link is not valid'),
  newPassword: newPasswordSchema,
});

export const adminResetLinkBodySchema = z.object({ email: emailSchema });
