import { localTime } from '@reachly/shared/logic';
import { CONTACT_LATER_DEFAULT_DAYS, CONTACT_LATER_KEY_PREFIX } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { contactLaterTemplate } from './claim-rules.ts';
import type { PlannedCampaign } from './planner.ts';
import { stepOf } from './settings.ts';
import type { Effects } from './task-types.ts';

/**
 * Plans the message for a lead who asked to be contacted later: on the day they named (its start
 * in the profile's zone; the claim waits for working hours), or the campaign's default delay
 * later. An answer before then cancels it, as it cancels every pending follow-up.
 */
export async function planContactLater(
  trx: Knex.Transaction,
  plan: {
    organizationId: number;
    profileId: number;
    campaign: PlannedCampaign;
    conversationId: number;
    leadId: number;
    /** The lead's and the profile's names, as the notices say them. */
    who: string;
    profile: string;
    messageId: number;
    contactAt: string | null;
    timeZone: string;
    now: Date;
    effects: Effects;
  },
) {
  const { campaign, now } = plan;
  const base = { campaignId: campaign.id, profileId: plan.profileId, leadId: plan.leadId };
  const named = plan.contactAt ? new Date(plan.contactAt) : null;
  const days = stepOf(campaign.settings, 'aiReply')?.contactLater?.defaultDays ?? CONTACT_LATER_DEFAULT_DAYS;
  const at = named && named > now ? named : new Date(now.getTime() + days * 24 * 3600_000);
  const day = localTime(at, plan.timeZone).date;
  const when = named && named > now ? 'the day they named' : `no day named: ${days} days later`;
  // Once written to on their day, a lead who asks for later again is left to a person: no loop of
  // "later" and a reminder.
  const already = await trx('campaign_tasks')
    .where({ campaign_id: campaign.id, lead_id: plan.leadId, action: 'followUp', status: 'done' })
    .andWhere('step_key', 'like', `${CONTACT_LATER_KEY_PREFIX}%`)
    .first('id');
  if (already) {
    const message = `${plan.who} asked ${plan.profile} again to be contacted later (${day}, ${when}); they were written to on their day once already: a person should decide.`;
    plan.effects.logs.push({ ...base, type: 'SIGNAL', message });
    plan.effects.notices.push({
      campaignId: campaign.id,
      profileId: plan.profileId,
      type: 'SIGNAL',
      message,
    });
    return;
  }
  if (contactLaterTemplate(campaign.settings) === null) {
    plan.effects.logs.push({
      ...base,
      type: 'STATUS_CHANGE',
      message: `${plan.who} asked to be contacted again on ${day} (${when}); no message planned: the campaign has no follow-up to send.`,
    });
    return;
  }
  await trx('campaign_tasks')
    .insert({
      organization_id: plan.organizationId,
      campaign_id: campaign.id,
      profile_id: plan.profileId,
      lead_id: plan.leadId,
      step_key: `${CONTACT_LATER_KEY_PREFIX}${plan.messageId}`,
      action: 'followUp',
      due_at: at,
      payload: null,
    })
    .onConflict()
    .ignore();
  await trx('conversations').where({ id: plan.conversationId }).update({ contact_on: day });
  plan.effects.logs.push({
    ...base,
    type: 'STATUS_CHANGE',
    message: `${plan.who} asked to be contacted later: written to again on ${day} (${when}).`,
  });
}
