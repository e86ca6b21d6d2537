import type { Contract } from '@reachly/shared/contract';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/endpoints.ts';

/** Campaigns (docs/design.md §4): definitions, the start/pause/stop commands, the run view's results. */
export function campaignsHandlers({ campaigns, clock }: AppContext): Handlers<Contract['campaigns']> {
  return {
    list: ({ auth }) => campaigns.list(auth.tenant),
    create: ({ auth, body }) => campaigns.create(auth.organizationId, body),
    previewTemplate: ({ auth, body }) => campaigns.preview(auth.organizationId, body),
    get: ({ auth, params }) => campaigns.get(auth.tenant, params.id),
    update: ({ auth, params, body }) => campaigns.update(auth.organizationId, params.id, body),
    remove: ({ auth, params }) => campaigns.remove(auth.tenant, params.id),
    start: ({ auth, params }) => campaigns.command(auth.organizationId, params.id, 'start'),
    pause: ({ auth, params }) => campaigns.command(auth.organizationId, params.id, 'pause'),
    stop: ({ auth, params }) => campaigns.command(auth.organizationId, params.id, 'stop'),
    logs: ({ auth, params, query }) => campaigns.logs(auth.tenant, params.id, query),
    stats: ({ auth, params }) => campaigns.stats(auth.tenant, params.id),
    variants: ({ auth, params }) => campaigns.variants(auth.tenant, params.id),
    funnel: ({ auth, params }) => campaigns.funnel(auth.tenant, params.id),
    profiles: ({ auth, params }) => campaigns.profileStates(auth.tenant, params.id, clock.now()),
  };
}
