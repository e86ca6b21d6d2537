import type { ExecutorEvent } from '@reachly/shared/schemas';
import { peopleState } from '../people.ts';
import { loadCampaign } from '../planner.ts';
import { runningCampaignsOf } from '../profile-campaigns.ts';
import { stepOf } from '../settings.ts';
import type { EventContext } from './context.ts';

/**
 * A person sent the profile a friend request: the first running campaign of the profile that
 * accepts incoming requests adds them to its collection (unless they are off-limits or worked by
 * another profile) and plans the confirmation.
 */
export async function friendRequestReceived(
  { db, organizationId, profileId, now, effects }: EventContext,
  event: Extract<ExecutorEvent, { kind: 'friendRequestReceived' }>,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const profileUrl = event.profileUrl;
    const person = (await peopleState(trx, organizationId, [profileUrl])).get(profileUrl);
    if (person?.offLimits || (person?.ownerProfileId != null && person.ownerProfileId !== profileId)) {
      return false;
    }
    for (const id of await runningCampaignsOf(trx, profileId)) {
      const campaign = await loadCampaign(trx, id);
      if (!campaign || !stepOf(campaign.settings, 'acceptRequests')) continue;
      await trx('leads')
        .insert({
          organization_id: organizationId,
          collection_id: campaign.collection_id,
          profile_url: profileUrl,
          name: event.name ?? null,
          first_name: event.name?.split(/\s+/)[0] ?? null,
          source: 'incoming-request',
        })
        .onConflict(['collection_id', 'profile_url'])
        .ignore();
      const lead = (await trx('leads')
        .where({ collection_id: campaign.collection_id, profile_url: profileUrl })
        .first('id')) as { id: number };
      const planned = await trx('campaign_tasks')
        .insert({
          organization_id: organizationId,
          campaign_id: campaign.id,
          profile_id: profileId,
          lead_id: lead.id,
          step_key: 'acceptRequest',
          action: 'acceptRequest',
          due_at: now,
        })
        .onConflict()
        .ignore()
        .returning('id');
      if (planned.length === 0) return false;
      effects.logs.push({
        campaignId: campaign.id,
        profileId,
        leadId: lead.id,
        type: 'STATUS_CHANGE',
        message: `${event.name ?? profileUrl} sent a friend request; it will be accepted`,
      });
      return true;
    }
    return false;
  });
}
