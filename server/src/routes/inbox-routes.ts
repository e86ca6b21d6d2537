import type { Contract } from '@reachly/shared/contract';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/endpoints.ts';

/** The inbox (services/inbox/): conversations across profiles and campaigns, and people's replies. */
export function inboxHandlers({ inbox, engine, clock }: AppContext): Handlers<Contract['inbox']> {
  return {
    list: ({ auth, query }) => inbox.list(auth.organizationId, auth.user.id, query),
    get: ({ auth, params }) => inbox.thread(auth.organizationId, params.id),
    update: ({ auth, params, body }) => inbox.update(auth.organizationId, params.id, body, clock.now()),
    send: async ({ auth, params, body }) => {
      const { message, profileId } = await inbox.send(
        auth.organizationId,
        auth.user.id,
        params.id,
        body,
        clock.now(),
      );
      // The profile's browser claims now instead of at its next look.
      engine.wake(auth.organizationId, [profileId], 'A person wrote a message in the inbox');
      return message;
    },
    retry: async ({ auth, params }) => {
      const { message, profileId } = await inbox.retry(auth.organizationId, params.id, clock.now());
      engine.wake(auth.organizationId, [profileId], 'A person sent a failed message again');
      return message;
    },
  };
}
