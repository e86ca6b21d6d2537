import type { Contract } from '@reachly/shared/contract';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/endpoints.ts';

/** Reports across campaigns (issue 20): the report as JSON, and as a CSV file streamed into the answer. */
export function reportsHandlers({ reports }: AppContext): Handlers<Contract['reports']> {
  return {
    get: ({ auth, query }) => reports.report(auth.organizationId, query),
    export: async ({ auth, query, res }) => {
      await reports.exportCsv(res, auth.organizationId, query);
      return undefined;
    },
  };
}
