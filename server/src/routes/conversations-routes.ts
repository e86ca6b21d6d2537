import type { Contract } from '@reachly/shared/contract';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/endpoints.ts';

/** The funnel board's conversations (spec §7): grouped or one column, one with messages, a move. */
export function conversationsHandlers({ conversations }: AppContext): Handlers<Contract['conversations']> {
  return {
    list: ({ auth, query }) =>
      query.mode === 'grouped'
        ? conversations.listGrouped(auth.tenant, query)
        : conversations.listColumn(auth.tenant, query),
    get: ({ auth, params }) => conversations.get(auth.tenant, params.id),
    move: ({ auth, body }) => conversations.move(auth.organizationId, body, auth.user.id),
  };
}
