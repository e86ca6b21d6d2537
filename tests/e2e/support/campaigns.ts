import type { Campaign, Collection, CreateCampaignBody, Profile } from '@reachly/shared/schemas';
import { type Account, adminCall, apiAs, type E2EApp } from './app.ts';

/** Fails with the answer when a seeding call is refused. */
function expectStatus<T>(res: { status: number; body: T }, status: number, what: string): T {
  if (res.status !== status) throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** POST /api/collections as the account. */
export async function seedCollection(app: E2EApp, account: Account, name: string): Promise<Collection> {
  return expectStatus(
    await apiAs<Collection>(app, account, 'POST', '/api/collections', { name }),
    201,
    'seeding a collection',
  );
}

/** POST /api/profiles as the account: a logged-in profile without a proxy. */
export async function seedProfile(app: E2EApp, account: Account, name: string): Promise<Profile> {
  return expectStatus(
    await apiAs<Profile>(app, account, 'POST', '/api/profiles', { name, loginStatus: 'logged-in' }),
    201,
    'seeding a profile',
  );
}

/** POST /api/campaigns as the account: a draft. */
export async function seedCampaign(
  app: E2EApp,
  account: Account,
  body: Pick<CreateCampaignBody, 'name' | 'collectionId' | 'profileIds' | 'steps'>,
): Promise<Campaign> {
  return expectStatus(
    await apiAs<Campaign>(app, account, 'POST', '/api/campaigns', body),
    201,
    'seeding a campaign',
  );
}

/** The campaign as the server has it now. */
export async function getCampaign(app: E2EApp, account: Account, id: number): Promise<Campaign> {
  return expectStatus(
    await apiAs<Campaign>(app, account, 'GET', `/api/campaigns/${id}`),
    200,
    'reading a campaign',
  );
}

/** Sets the account's licence through the admin API (an expired date makes starting a campaign a 402). */
export async function setLicence(app: E2EApp, account: Account, licenseTill: string): Promise<void> {
  await adminCall(app, '/admin/licence', { email: account.email, plan: 'pro', licenseTill });
}
