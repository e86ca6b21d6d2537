import type { Contract } from '@reachly/shared/contract';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/endpoints.ts';
import { createLocatorsService } from '../services/locators-service.ts';

/** The locator table (read by the extensions, published by the admin tool) and the field diagnostics. */
export function locatorsHandlers({ db, realtime }: AppContext): Handlers<Contract['locators']> {
  const locators = createLocatorsService({ db, realtime });
  return {
    current: ({ query }) => locators.current(query.network),
    publish: async ({ body }) => {
      const { network, version } = await locators.publish(body);
      return { ok: true, message: `Published the ${network} locator table, version ${version}.` };
    },
    report: ({ auth, body }) => locators.report(auth.organizationId, body),
    diagnostics: async ({ auth }) => ({ groups: await locators.list(auth.organizationId) }),
  };
}
