import type { ApiKey, CreateApiKeyBody } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import type { AuthContext } from '../../auth/authenticate.ts';
import { notFound } from '../../errors.ts';
import { apiKeyHash, newApiKey } from './api-key-identity.ts';

interface KeyRow {
  id: number;
  name: string;
  scope: ApiKey['scope'];
  hint: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
  email: string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function keyView(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    hint: row.hint,
    createdAt: iso(row.created_at),
    lastUsedAt: row.last_used_at ? iso(row.last_used_at) : null,
    createdBy: row.email,
  };
}

/**
 * An organisation's API keys (issue 20): made by an owner or admin, shown once, stored as their
 * SHA-256; revoking deletes the row, whose trigger tells every server to forget the key.
 */
export function createApiKeys({ db, forgetUser }: { db: Knex; forgetUser: (userId: number) => void }) {
  function keys(organizationId: number) {
    return db('api_keys as k')
      .join('users as u', 'u.id', 'k.created_by')
      .where('k.organization_id', organizationId)
      .select<KeyRow[]>('k.id', 'k.name', 'k.scope', 'k.hint', 'k.created_at', 'k.last_used_at', 'u.email');
  }

  async function list(organizationId: number): Promise<{ apiKeys: ApiKey[] }> {
    const rows = await keys(organizationId).orderBy('k.id', 'desc');
    return { apiKeys: rows.map(keyView) };
  }

  async function create(auth: AuthContext, body: CreateApiKeyBody): Promise<{ apiKey: ApiKey; key: string }> {
    const key = newApiKey();
    const [row] = (await db('api_keys')
      .insert({
        organization_id: auth.organizationId,
        created_by: auth.user.id,
        name: body.name,
        scope: body.scope,
        key_hash: apiKeyHash(key),
        hint: key.slice(-4),
      })
      .returning(['id', 'name', 'scope', 'hint', 'created_at', 'last_used_at'])) as Omit<KeyRow, 'email'>[];
    if (!row) throw new Error('insert returned no key');
    return { apiKey: keyView({ ...row, email: auth.user.email }), key };
  }

  async function revoke(organizationId: number, id: number): Promise<{ id: number }> {
    const [row] = (await db('api_keys')
      .where({ organization_id: organizationId, id })
      .delete()
      .returning(['id', 'created_by'])) as { id: number; created_by: number }[];
    if (!row) throw notFound(`API key ${id} not found.`);
    // This server forgets the key at once; the others when the trigger's notification reaches them.
    forgetUser(row.created_by);
    return { id: row.id };
  }

  return { list, create, revoke };
}
