import type { Contract } from '@reachly/shared/contract';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/endpoints.ts';

/** The organisation's do-not-contact list (services/do-not-contact/). */
export function doNotContactHandlers({
  doNotContact,
  clock,
}: AppContext): Handlers<Contract['doNotContact']> {
  return {
    list: ({ auth, query }) => doNotContact.list(auth.organizationId, query),
    add: ({ auth, body }) => doNotContact.add(auth.organizationId, auth.user.id, body, clock.now()),
    addLead: ({ auth, params }) =>
      doNotContact.addLead(auth.organizationId, auth.user.id, params.id, clock.now()),
    import: ({ auth, body }) => doNotContact.importCsv(auth.organizationId, auth.user.id, body, clock.now()),
    remove: ({ auth, params }) => doNotContact.remove(auth.organizationId, params.id),
  };
}
