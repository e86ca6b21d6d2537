import type { Contract } from '@reachly/shared/contract';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/endpoints.ts';

/** The profile fields that make its browser go out another way: a change is logged as CHANGED_PROXY. */
const PROXY_FIELDS = [
  'proxySource',
  'proxyType',
  'HTTPProxyAddress',
  'proxyLogin',
  'proxyPassword',
  'proxyTimezone',
] as const;

/** Connected profiles (spec §7). */
export function profilesHandlers({ profiles, engine, agent }: AppContext): Handlers<Contract['profiles']> {
  return {
    list: ({ auth, query }) => profiles.list(auth.tenant, query),
    create: ({ auth, body }) => profiles.create(auth.organizationId, body),
    update: async ({ auth: { organizationId }, body }) => {
      const updated = await profiles.update(organizationId, body);
      // Logged before the answer: whoever reads the log after the answer finds the change there.
      const changed = PROXY_FIELDS.filter((field) => body[field] !== undefined);
      if (changed.length > 0) await engine.proxyChanged(organizationId, body.id, changed);
      return updated;
    },
    // A person lifts a profile's pause (after a restriction) before its end.
    resume: async ({ auth: { organizationId, user }, params: { id } }) => {
      await engine.liftPause(organizationId, id, user.email);
      return { id, pausedUntil: null };
    },
    // Cookies the desktop app imports into the profile's browser before it next starts.
    storeCookies: ({ auth, params, body }) => agent.storeCookies(auth.organizationId, params.id, body),
    remove: ({ auth, query }) => profiles.remove(auth.tenant, query.id),
  };
}
