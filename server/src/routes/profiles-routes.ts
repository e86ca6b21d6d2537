import type { Contract } from '@reachly/shared/contract';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/endpoints.ts';

/** Connected profiles (spec §7). */
export function profilesHandlers({ profiles, engine, agent }: AppContext): Handlers<Contract['profiles']> {
  return {
    list: ({ auth, query }) => profiles.list(auth.tenant, query),
    create: ({ auth, body }) => profiles.create(auth.organizationId, body),
    update: async ({ auth: { organizationId }, body }) => {
      const { profile, proxyChanges } = await profiles.update(organizationId, body);
      // Logged before the answer: whoever reads the log after the answer finds the change there.
      // Only what truly changed: the form sends every field on each save.
      if (proxyChanges.length > 0) await engine.proxyChanged(organizationId, body.id, proxyChanges);
      return profile;
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
