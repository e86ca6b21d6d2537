import { contract, type EndpointSpec, urlOf } from '@reachly/shared/contract';
import { apiErrorSchema, type Campaign } from '@reachly/shared/schemas';
import type { NewCampaign } from './campaign-run.ts';
import type { RequestOptions } from './http-client.ts';
import { seedCollection, seedProfile } from './seed-conversations.ts';
import { expectRejected, registerAccount, strict, type TestAccount, type TestServer } from './test-server.ts';

/** The campaign routes' test set-up: an account with a collection and two profiles. */
export interface CampaignSetup {
  account: TestAccount;
  collectionId: number;
  profileIds: number[];
}

export async function campaignSetup(server: TestServer, prefix: string): Promise<CampaignSetup> {
  const account = await registerAccount(server, prefix);
  const collectionId = await seedCollection(server, account.organizationId, `${prefix} collection`);
  const profileIds = [
    await seedProfile(server, account.organizationId),
    await seedProfile(server, account.organizationId),
  ];
  return { account, collectionId, profileIds };
}

const campaignSteps: NewCampaign['steps'] = [
  { type: 'friendRequest' },
  { type: 'welcomeMessage', template: '{Hi|Hello} {firstName}!' },
  { type: 'followUp', afterDays: 3, template: 'Any news, {firstName}?' },
];

export function validCampaignBody(s: CampaignSetup, extra: Partial<NewCampaign> = {}): NewCampaign {
  return {
    name: 'Spring outreach',
    collectionId: s.collectionId,
    profileIds: s.profileIds,
    steps: campaignSteps,
    ...extra,
  };
}

/** Creates a campaign; its answer is parsed strictly (no field beyond the schema). */
export function createCampaign(s: CampaignSetup, extra: Partial<NewCampaign> = {}): Promise<Campaign> {
  return s.account.call(strict(contract.campaigns.create), { body: validCampaignBody(s, extra) });
}

/**
 * A raw request to a contract endpoint (a body the typed client cannot send: wrongly typed, not
 * JSON) answers `status` with the API's error body and writes nothing (expectRejected); answers
 * the error.
 */
export async function expectRawRejected(
  server: TestServer,
  account: TestAccount,
  endpoint: EndpointSpec,
  params: { id: number } | undefined,
  options: RequestOptions,
  status: number,
) {
  const res = await expectRejected(
    server,
    `${endpoint.method} ${endpoint.path}`,
    () => account.api.request(endpoint.method, urlOf(endpoint, { params }), options),
    status,
  );
  return apiErrorSchema.parse(res.body).error;
}
