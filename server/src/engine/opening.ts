import type { Knex } from 'knex';
import { toAffectedRows } from '../db/knex.ts';
import { type CampaignSettings, stepOf } from './settings.ts';

/** What the opening reads of a campaign. */
type OpenedCampaign = { id: number; settings: CampaignSettings };

/** The actions that open a lead, each a task whose step key is the action's name. */
export type OpeningAction = 'visitProfile' | 'followPerson' | 'friendRequest' | 'welcomeMessage';

/** The first contact: a friend request, else the welcome message (sent without one), else none. */
export function firstContactStep(settings: CampaignSettings): 'friendRequest' | 'welcomeMessage' | null {
  if (stepOf(settings, 'friendRequest')) return 'friendRequest';
  return stepOf(settings, 'welcomeMessage') ? 'welcomeMessage' : null;
}

/**
 * How a campaign opens each targeted lead (issue 17's sequence): a visit of their page (the
 * warm-up), a follow, then the first contact, each present when the campaign has its step, in this
 * order whatever the order of the steps. The targeting plans the first of them (planner.ts); each
 * next one is planned once the one before is done for that lead (a skipped one ends the lead's
 * opening: the person was not found, or is off-limits). A campaign without visit and follow steps
 * opens with its first contact alone, as it always did.
 */
export function openingChain(settings: CampaignSettings): OpeningAction[] {
  const chain: OpeningAction[] = [];
  if (stepOf(settings, 'visitProfile')) chain.push('visitProfile');
  if (stepOf(settings, 'followPerson')) chain.push('followPerson');
  const first = firstContactStep(settings);
  if (first) chain.push(first);
  return chain;
}

const insertNext = (where: string) =>
  `insert into campaign_tasks (organization_id, campaign_id, profile_id, lead_id, step_key, action, due_at, payload)
   select t.organization_id, t.campaign_id, t.profile_id, t.lead_id, ?, ?, ?, null
     from campaign_tasks t
    where t.campaign_id = ? and t.step_key = ? and t.status = 'done' and t.lead_id is not null ${where}
   on conflict do nothing`;

/**
 * The next opening action of every lead whose previous one is done (a sweep of each planning
 * round: it catches a step added to a running campaign, and anything a done report did not plan).
 */
export async function planOpenings(db: Knex | Knex.Transaction, campaign: OpenedCampaign, now: Date) {
  const chain = openingChain(campaign.settings);
  let added = 0;
  for (let i = 1; i < chain.length; i += 1) {
    const next = chain[i] as OpeningAction;
    const previous = chain[i - 1] as OpeningAction;
    added += toAffectedRows(await db.raw(insertNext(''), [next, next, now, campaign.id, previous]));
  }
  return added;
}

/** A lead's opening task is done (outcomes.ts): the next opening action for that lead, due now. */
export async function planNextOpening(
  trx: Knex.Transaction,
  campaign: OpenedCampaign,
  task: { id: number | string; step_key: string },
  now: Date,
): Promise<void> {
  const chain: string[] = openingChain(campaign.settings);
  const index = chain.indexOf(task.step_key);
  const next = index >= 0 ? chain[index + 1] : undefined;
  if (!next) return;
  await trx.raw(insertNext('and t.id = ?'), [next, next, now, campaign.id, task.step_key, task.id]);
}
