import type { Knex } from 'knex';
import type { ReplyProvider } from '../../ai/index.ts';
import { table } from '../../db/tables.ts';
import { loadCampaign } from '../planner.ts';
import type { Effects } from '../task-types.ts';

/** What every event handler works with: the deps, the organisation and profile, the time, the effects. */
export interface EventContext {
  db: Knex;
  provider: ReplyProvider;
  random: () => number;
  organizationId: number;
  profileId: number;
  now: Date;
  effects: Effects;
}

/** A SIGNAL row in the campaign's log about a lead, pushed to the run view as a notice too. */
export function signalAbout(
  effects: Effects,
  at: { campaignId: number; profileId: number; leadId: number },
  message: string,
): void {
  effects.logs.push({ ...at, type: 'SIGNAL', message });
  effects.notices.push({ campaignId: at.campaignId, profileId: at.profileId, type: 'SIGNAL', message });
}

export interface EventLead {
  id: number;
  first_name: string | null;
  last_name: string | null;
  name: string | null;
  profile_url: string;
}

/**
 * The campaign that works this person (the owner recorded when it first contacted them), else the
 * one that last planned work for this lead from this profile.
 */
export async function campaignOfLead(trx: Knex | Knex.Transaction, leadId: number, profileId: number) {
  const owner = (await trx('leads as l')
    .join('people as p', (j) =>
      j.on('p.organization_id', 'l.organization_id').andOn('p.profile_url', 'l.profile_url'),
    )
    .where('l.id', leadId)
    .andWhere('p.owner_profile_id', profileId)
    .first('p.owner_campaign_id')) as { owner_campaign_id: number | null } | undefined;
  if (owner?.owner_campaign_id != null) return loadCampaign(trx, owner.owner_campaign_id);
  const row = await table(trx, 'campaign_tasks')
    .where({ lead_id: leadId, profile_id: profileId })
    .orderBy('id', 'desc')
    .first('campaign_id');
  return row ? loadCampaign(trx, row.campaign_id) : null;
}

/** The organisation's lead behind a profile URL that this profile has worked. */
export async function leadFor(
  trx: Knex.Transaction,
  organizationId: number,
  profileId: number,
  profileUrl: string,
): Promise<EventLead | null> {
  const row = (await trx('leads as l')
    .where({ 'l.organization_id': organizationId, 'l.profile_url': profileUrl })
    .andWhere((q) =>
      q
        .whereExists((s) =>
          s
            .select(trx.raw('1'))
            .from('conversations as cv')
            .whereRaw('cv.lead_id = l.id')
            .andWhere('cv.profile_id', profileId),
        )
        .orWhereExists((s) =>
          s
            .select(trx.raw('1'))
            .from('campaign_tasks as t')
            .whereRaw('t.lead_id = l.id')
            .andWhere('t.profile_id', profileId),
        ),
    )
    .orderBy('l.id', 'desc')
    .first('l.id', 'l.first_name', 'l.last_name', 'l.name', 'l.profile_url')) as EventLead | undefined;
  return row ? { ...row, id: row.id } : null;
}
