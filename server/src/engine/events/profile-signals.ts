import type { ExecutorEvent } from '@reachly/shared/schemas';
import { logPerCampaign, runningCampaignsOf } from '../profile-campaigns.ts';
import { pauseProfile } from '../reports.ts';
import type { EventContext } from './context.ts';

/** Browsing by hand is logged at most this often per profile. */
const MANUAL_SURFING_LOG_MINUTES = 10;

/** A warning or block page: the profile pauses, and each of its running campaigns is told. */
export async function signal(
  { db, profileId, now, effects }: EventContext,
  event: Extract<ExecutorEvent, { kind: 'signal' }>,
): Promise<void> {
  await db.transaction(async (trx) => {
    const pause = await pauseProfile(
      trx,
      profileId,
      event.signal,
      event.message,
      event.until ? new Date(event.until) : null,
      now,
    );
    const campaigns = await runningCampaignsOf(trx, profileId);
    effects.logs.push(...logPerCampaign(campaigns, profileId, event.signal, pause.message));
    for (const id of campaigns)
      effects.notices.push({ campaignId: id, profileId, type: event.signal, message: pause.message });
  });
}

/** A person browses by hand in the profile's browser: logged once per MANUAL_SURFING_LOG_MINUTES. */
export async function manualSurfing(
  { db, profileId, now, effects }: EventContext,
  event: Extract<ExecutorEvent, { kind: 'manualSurfing' }>,
): Promise<boolean> {
  const recent = await db('campaign_logs')
    .where({ profile_id: profileId, type: 'MANUAL_SURFING' })
    .andWhere('created_at', '>', new Date(now.getTime() - MANUAL_SURFING_LOG_MINUTES * 60_000))
    .first('id');
  if (recent) return false;
  const profile = (await db('profiles').where({ id: profileId }).first('name')) as { name: string };
  const message = `A person is browsing by hand in ${profile.name}'s browser (${event.path}); the automation waits until they stop`;
  effects.logs.push(
    ...logPerCampaign(await runningCampaignsOf(db, profileId), profileId, 'MANUAL_SURFING', message),
  );
  return true;
}
