import { createHash, randomBytes } from 'node:crypto';
import type { ApiKeyScope } from '@reachly/shared/logic';
import type { Knex } from 'knex';
import type { IdentityCache } from '../../auth/identity-cache.ts';
import type { UserRow } from '../users/user-row.ts';

/** Every API key starts with this, so that a key is told from an access token at a glance. */
const API_KEY_PREFIX = 'rk_';

/** How often a key's last-used time is written at most (per key and process). */
const LAST_USED_EVERY_MS = 60_000;

/** A key's maker, acting in the key's organisation with their role there, and the key itself. */
export type ApiKeyIdentity = UserRow & { api_key_id: number; api_key_scope: ApiKeyScope };

/** A new key: the prefix and 32 random bytes (base64url), 256 bits that a hash keeps safe. */
export function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** What is stored of a key: a fast hash is right for a key this random (no dictionary to try). */
export function apiKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/**
 * Who an API key is, answered from the identity cache (its entry belongs to the key's maker, so a
 * revoked key, a changed role or a removed maker counts from the next request on every server),
 * and the key's last-used time, written at most once a minute after a request the key was served.
 */
export function createApiKeyIdentities({ db, identities }: { db: Knex; identities: IdentityCache<UserRow> }) {
  const lastWritten = new Map<number, number>();

  async function load(hash: string): Promise<ApiKeyIdentity | undefined> {
    return db('api_keys as k')
      .join('users as u', 'u.id', 'k.created_by')
      .join('organization_members as m', (on) => {
        on.on('m.organization_id', 'k.organization_id').andOn('m.user_id', 'k.created_by');
      })
      .where('k.key_hash', hash)
      .first('u.*', 'k.organization_id', 'm.role', 'k.id as api_key_id', 'k.scope as api_key_scope');
  }

  /** Notes a key's use (after a request it served: a refused one writes nothing). */
  function touch(keyId: number): void {
    const now = Date.now();
    if (now - (lastWritten.get(keyId) ?? 0) < LAST_USED_EVERY_MS) return;
    if (lastWritten.size > 10_000) lastWritten.clear();
    lastWritten.set(keyId, now);
    db('api_keys')
      .where({ id: keyId })
      .andWhere((q) =>
        q.whereNull('last_used_at').orWhere('last_used_at', '<', db.raw("now() - interval '1 minute'")),
      )
      .update({ last_used_at: db.fn.now() })
      .catch(() => lastWritten.delete(keyId));
  }

  /** The key's identity, or undefined when no key has this value (revoked, or never made). */
  async function find(key: string): Promise<ApiKeyIdentity | undefined> {
    const hash = apiKeyHash(key);
    return (await identities.read(`apikey:${hash}`, () => load(hash))) as ApiKeyIdentity | undefined;
  }

  return { find, touch };
}
