import { z } from 'zod';
import { BIGINT_MAX, bigIntStringSchema, isoDateSchema } from './common.ts';
import { createProfileBodySchema } from './profiles.ts';
import { emailSchema, registerBodySchema } from './user.ts';

/**
 * The admin API that `npm run admin` calls (server only, loopback only, X-Admin-Token).
 *
 * POST /api/admin/users                 {email, password}              → create a user
 * POST /api/admin/licence               {email, plan, licenseTill, isTrial}
 * POST /api/admin/traffic               {email, bytes, mode: add|set}
 * POST /api/admin/ban                   {email, banned}
 * POST /api/admin/profiles              {email, profiles: [...]}       → attach ready profiles
 * POST /api/admin/desktop-version       {version}
 */
export const adminCreateUserBodySchema = registerBodySchema.pick({ email: true, password: true });

export const adminGrantLicenceBodySchema = z.object({
  email: emailSchema,
  plan: z.string().trim().min(1).max(50),
  licenseTill: isoDateSchema,
  isTrial: z.boolean().default(false),
});
export type AdminGrantLicenceBody = z.infer<typeof adminGrantLicenceBodySchema>;

export const adminGrantTrafficBodySchema = z.object({
  email: emailSchema,
  bytes: bigIntStringSchema
    .refine((v) => !v.startsWith('-'), 'bytes must not be negative')
    .refine((v) => !/^\d+$/.test(v) || BigInt(v) <= BIGINT_MAX, `bytes must be at most ${BIGINT_MAX}`),
  mode: z.enum(['add', 'set']).default('add'),
});
export type AdminGrantTrafficBody = z.infer<typeof adminGrantTrafficBodySchema>;

/** Ready-made profiles an administrator gives an organisation (at most 500 at once). */
export const adminAttachProfilesBodySchema = z.object({
  email: emailSchema,
  profiles: z.array(createProfileBodySchema).min(1, 'profiles must not be empty').max(500),
});
export type AdminAttachProfilesBody = z.infer<typeof adminAttachProfilesBodySchema>;

export const adminBanBodySchema = z.object({ email: emailSchema, banned: z.boolean() });

export const adminDesktopVersionBodySchema = z.object({
  version: z
    .string()
    .trim()
    .regex(/^\d+\.\d+\.\d+([-+][0-9A-Za-z.-]+)?$/, 'version must look like 1.2.3'),
});

/** Answer of every admin call: what the organisation has now. */
export const adminResultSchema = z.object({
  ok: z.literal(true),
  organizationId: z.number().int().optional(),
  message: z.string(),
});
export type AdminResult = z.infer<typeof adminResultSchema>;
