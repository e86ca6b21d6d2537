import { z } from 'zod';
import { API_KEY_SCOPES, ROLES } from '../logic/roles.ts';
import { idSchema, isoDateSchema } from './common.ts';

/**
 * The team (shared/src/contract/team.ts): members and their roles, the invite link's token, the
 * organisations a user belongs to, and the organisation's API keys.
 */
export const roleSchema = z.enum(ROLES);

export const teamMemberSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  role: roleSchema,
  joinedAt: isoDateSchema,
  /** The caller. */
  isYou: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** GET /api/team: the caller's organisation, their role there, its invite token and members. */
export const teamSchema = z.object({
  organization: z.object({ id: z.number().int(), name: z.string() }),
  role: roleSchema,
  /** A sign-up or a signed-in user with this token joins as a member (/join?organizationToken=…). */
  inviteToken: z.string(),
  members: z.array(teamMemberSchema),
});
export type Team = z.infer<typeof teamSchema>;

export const inviteTokenSchema = z.object({ inviteToken: z.string() });

export const changeRoleBodySchema = z.object({ role: roleSchema });

/** One organisation of the caller's (the switcher). */
export const myOrganizationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: roleSchema,
  /** The one the caller acts in now. */
  current: z.boolean(),
});
export const myOrganizationsSchema = z.object({ organizations: z.array(myOrganizationSchema) });
export type MyOrganization = z.infer<typeof myOrganizationSchema>;

export const switchOrganizationBodySchema = z.object({ organizationId: idSchema });

export const organizationTokenBodySchema = z.object({
  organizationToken: z.string().trim().min(1, 'organizationToken: required').max(200),
});

/** What an invite link names, for the "Join <organisation>" page. */
export const invitationSchema = z.object({
  organization: z.object({ id: z.number().int(), name: z.string() }),
  /** The caller is a member already (joining again changes nothing but switches to it). */
  alreadyMember: z.boolean(),
});

export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);

export const createApiKeyBodySchema = z.object({
  name: z.string().trim().min(1, 'name: give the key a name').max(100, 'name: at most 100 characters'),
  scope: apiKeyScopeSchema,
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

/** A key as the list shows it: never the key itself, only its last four characters. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: apiKeyScopeSchema,
  hint: z.string(),
  createdAt: isoDateSchema,
  lastUsedAt: isoDateSchema.nullable(),
  /** The email of the member who made it (the key acts with their role). */
  createdBy: z.string(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeysSchema = z.object({ apiKeys: z.array(apiKeySchema) });

/** POST /api/team/api-keys: the key, shown this once; only its hash is kept. */
export const createdApiKeySchema = z.object({ apiKey: apiKeySchema, key: z.string().startsWith('rk_') });
