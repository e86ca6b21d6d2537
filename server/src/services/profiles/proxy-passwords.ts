import type { SecretBox } from '../secret-box.ts';
import type { Tenant } from '../tenancy.ts';
import type { ProfileRow } from './profile-rows.ts';

/**
 * Profiles' proxy passwords, sealed with AES-256-GCM (secret-box.ts) and bound to the organisation:
 * stored sealed, opened only for the code that starts a profile's browser behind its proxy.
 */
export function createProxyPasswords(secretBox: SecretBox) {
  const context = (organizationId: number) => `profile-proxy-password:${organizationId}`;

  /** The sealed text of a clear password (null stays null). */
  const seal = (organizationId: number, password: string | null) =>
    password === null ? null : secretBox.seal(password, context(organizationId));

  /** The clear text of a profile row's sealed proxy password (read by the caller), or null. */
  function openProxyPassword(organizationId: number, sealed: string | null): string | null {
    return sealed === null ? null : secretBox.open(sealed, context(organizationId));
  }

  /**
   * The clear proxy password of a profile, for the code that starts its browser behind the proxy
   * (the desktop agent's issue); null when none is set. Never part of a page's response.
   */
  async function revealProxyPassword(t: Tenant, id: number): Promise<string | null> {
    const row = await t.findOwned<ProfileRow>('profiles', id, 'Profile');
    return openProxyPassword(t.organizationId, row.proxy_password_encrypted);
  }

  return { seal, openProxyPassword, revealProxyPassword };
}
