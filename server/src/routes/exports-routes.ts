import type { Contract } from '@reachly/shared/contract';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/endpoints.ts';

/** CSV exports (issue 20): each handler streams its file into the answer and resolves once it is sent. */
export function exportsHandlers({ exports }: AppContext): Handlers<Contract['exports']> {
  return {
    leads: async ({ auth, query, res }) => {
      await exports.leads(res, auth.organizationId, query);
      return undefined;
    },
    conversations: async ({ auth, query, res }) => {
      await exports.conversations(res, auth.organizationId, query);
      return undefined;
    },
    campaignResults: async ({ auth, params, res }) => {
      await exports.campaignResults(res, auth.organizationId, params.id);
      return undefined;
    },
  };
}
