import type { Contract } from '@reachly/shared/contract';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/endpoints.ts';

/** Lead collections (spec §7). */
export function collectionsHandlers({ collections }: AppContext): Handlers<Contract['collections']> {
  return {
    list: ({ auth }) => collections.list(auth.organizationId),
    create: ({ auth, body }) => collections.create(auth.organizationId, body.name),
    rename: ({ auth, params, body }) => collections.rename(auth.organizationId, params.id, body.name),
    remove: ({ auth, params }) => collections.remove(auth.organizationId, params.id),
  };
}
