import type { Contract } from '@reachly/shared/contract';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/endpoints.ts';

/** Signed webhooks: the organisation's endpoints and their deliveries (docs/decisions.md "Webhooks"). */
export function webhooksHandlers({ webhooks }: AppContext): Handlers<Contract['webhooks']> {
  return {
    list: ({ auth }) => webhooks.list(auth.organizationId),
    create: ({ auth, body }) => webhooks.create(auth.organizationId, body),
    update: ({ auth, params, body }) => webhooks.update(auth.organizationId, params.id, body),
    remove: ({ auth, params }) => webhooks.remove(auth.organizationId, params.id),
    rotateSecret: ({ auth, params }) => webhooks.rotateSecret(auth.organizationId, params.id),
    deliveries: ({ auth, params }) => webhooks.deliveries(auth.organizationId, params.id),
    sendTest: ({ auth, params }) => webhooks.sendTest(auth.organizationId, params.id),
    redeliver: ({ auth, params }) => webhooks.redeliver(auth.organizationId, params.id),
  };
}
