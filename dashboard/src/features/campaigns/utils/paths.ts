import { ROUTES } from '../../../route-paths.ts';

export const newCampaignPath = `${ROUTES.campaigns}/new`;
export const campaignPath = (id: number) => `${ROUTES.campaigns}/${id}`;
export const campaignEditPath = (id: number) => `${ROUTES.campaigns}/${id}/edit`;

/** The :campaignId of the address as an id, or null when it is not one. */
export function parseCampaignId(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
