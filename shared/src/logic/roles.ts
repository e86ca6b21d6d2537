/**
 * Who may do what in an organisation: the one table of roles and permissions. The server enforces
 * it (an endpoint names its permission in the contract; a route that decides by itself calls
 * `can`), the dashboard reads it to show or hide a control, and the README's table is this one.
 */

/** The roles of an organisation's members, from the most to the least rights. */
export const ROLES = ['owner', 'admin', 'member'] as const;
export type Role = (typeof ROLES)[number];

/** What an API key may do: read (GET only), or read and write. */
export const API_KEY_SCOPES = ['read', 'read_write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

interface PermissionRule {
  /** The roles that have it. */
  roles: readonly Role[];
  /**
   * Whether an API key (of scope read_write, or read for a GET) may use it. Keys act for the
   * organisation, never for a person: what concerns people and money needs a signed-in member.
   */
  apiKey: boolean;
  /** One line for the README's table and the members page. */
  label: string;
}

/**
 * Everything else a signed-in member does (collections, leads, campaigns, profiles, conversations)
 * every role may do; these are the actions that need more than membership.
 */
export const PERMISSIONS = {
  viewMembers: {
    roles: ['owner', 'admin', 'member'],
    apiKey: false,
    label: 'See the members and the invite link',
  },
  manageMembers: {
    roles: ['owner', 'admin'],
    apiKey: false,
    label: "Change members' roles, remove members, make a new invite link",
  },
  manageApiKeys: { roles: ['owner', 'admin'], apiKey: false, label: 'Create and revoke API keys' },
  manageWebhooks: { roles: ['owner', 'admin'], apiKey: true, label: 'Add, change and remove webhooks' },
  manageBilling: { roles: ['owner'], apiKey: false, label: 'Buy and manage the licence and traffic' },
  deleteCollections: {
    roles: ['owner', 'admin'],
    apiKey: true,
    label: 'Delete collections (with their leads)',
  },
  deleteCampaigns: { roles: ['owner', 'admin'], apiKey: true, label: 'Delete campaigns' },
  deleteProfiles: { roles: ['owner', 'admin'], apiKey: true, label: 'Delete connected profiles' },
  // Anyone may put a person on the do-not-contact list; taking one off can get them contacted.
  removeDoNotContact: {
    roles: ['owner', 'admin'],
    apiKey: true,
    label: 'Take people off the do-not-contact list',
  },
} as const satisfies Record<string, PermissionRule>;

export type Permission = keyof typeof PERMISSIONS;

/** Whether a member of this role has the permission. */
export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission].roles as readonly Role[]).includes(role);
}

/** Whether an API key may use the permission at all (its scope still limits it to GET or not). */
export function apiKeyCan(permission: Permission): boolean {
  return PERMISSIONS[permission].apiKey;
}

/**
 * Whether `actor` may give `target` the role `next` (or remove them, `next` null): owners and
 * admins manage members; only an owner touches an owner or makes one. Keeping at least one owner
 * is the server's check (it needs the other members).
 */
export function canChangeMember(actor: Role, target: Role, next: Role | null): boolean {
  if (!can(actor, 'manageMembers')) return false;
  if (actor === 'owner') return true;
  return target !== 'owner' && next !== 'owner';
}
