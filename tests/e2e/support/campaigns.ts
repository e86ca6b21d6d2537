import { contract } from '@reachly/shared/contract';
import type { Campaign, Collection, CreateCampaignBody, Profile } from '@reachly/shared/schemas';
import { type Account, callAs, callAsAdmin, type E2EApp } from './app.ts';

/** POST /api/collections as the account. */
export async function seedCollection(app: E2EApp, account: Account, name: string): Promise<Collection> {
  return callAs(app, account)(contract.collections.create, { body: { name } });
}

/** POST /api/profiles as the account: a logged-in profile without a proxy. */
export async function seedProfile(app: E2EApp, account: Account, name: string): Promise<Profile> {
  return callAs(app, account)(contract.profiles.create, { body: { name, loginStatus: 'logged-in' } });
}

/** POST /api/campaigns as the account: a draft. */
export async function seedCampaign(
  app: E2EApp,
  account: Account,
  body: Pick<CreateCampaignBody, 'name' | 'collectionId' | 'profileIds' | 'steps'>,
): Promise<Campaign> {
  return callAs(app, account)(contract.campaigns.create, { body });
}

/** The campaign as the server has it now. */
export async function getCampaign(app: E2EApp, account: Account, id: number): Promise<Campaign> {
  return callAs(app, account)(contract.campaigns.get, { params: { id } });
}

/** Sets the account's licence through the admin API (an expired date makes starting a campaign a 402). */
export async function setLicence(app: E2EApp, account: Account, licenseTill: string): Promise<void> {
  await callAsAdmin(app)(contract.admin.grantLicence, {
    body: { email: account.email, plan: 'pro', licenseTill },
  });
}
