import type { ExecutorEvent } from '@reachly/shared/schemas';
import { conversationKey, recordWebhookEvent } from '../../services/webhooks/record-event.ts';
import { planWelcomes } from '../planner.ts';
import { stepOf } from '../settings.ts';
import { cancelWithdrawals } from '../withdrawals.ts';
import { campaignOfLead, type EventContext, leadFor } from './context.ts';

/** A lead accepted the profile's friend request: the welcome message is planned, a withdrawal cancelled. */
export async function friendAccepted(
  { db, organizationId, profileId, now, effects }: EventContext,
  event: Extract<ExecutorEvent, { kind: 'friendAccepted' }>,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const lead = await leadFor(trx, organizationId, profileId, event.profileUrl);
    if (!lead) return false;
    const changed = await trx('leads')
      .where({ id: lead.id })
      .whereNull('friend_accepted_at')
      .update({ friend_accepted_at: event.at ? new Date(event.at) : now })
      .returning('id');
    if (changed.length === 0) return false;
    await cancelWithdrawals(trx, lead.id, now);
    const campaign = await campaignOfLead(trx, lead.id, profileId);
    if (campaign?.status === 'running' && stepOf(campaign.settings, 'welcomeMessage')) {
      await planWelcomes(trx, campaign.id, now);
    }
    const card = await trx('conversations').where({ lead_id: lead.id, profile_id: profileId }).first('id');
    await recordWebhookEvent(trx, {
      organizationId,
      type: 'friend_request.accepted',
      data: {
        profileId,
        campaignId: campaign?.id ?? null,
        conversationId: card?.id ?? null,
        acceptedAt: (event.at ? new Date(event.at) : now).toISOString(),
      },
      at: now,
      leadId: lead.id,
      ...(card ? { orderingKey: conversationKey(card.id) } : {}),
    });
    effects.logs.push({
      campaignId: campaign?.id ?? null,
      profileId,
      leadId: lead.id,
      type: 'STATUS_CHANGE',
      message: `${lead.name ?? event.profileUrl} accepted the friend request`,
    });
    return true;
  });
}
