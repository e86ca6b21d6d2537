import type { Knex } from 'knex';
import { table } from '../db/tables.ts';
import { notFound } from '../errors.ts';
import { writeLogs } from './activity-log.ts';
import type { Clock } from './clock.ts';
import { logPerCampaign, runningCampaignsOf } from './profile-campaigns.ts';
import type { Pushes } from './pushes.ts';
import type { Effects } from './task-types.ts';

/** What a person changes about a profile or a running campaign, told to the campaigns' logs and the executors. */
export function createProfileChanges({ db, clock, pushes }: { db: Knex; clock: Clock; pushes: Pushes }) {
  /**
   * A person lifts a profile's pause before its end (the network lifted the block, or the person
   * checked the account): the profile works again at once. The pause count is kept, so a signal
   * soon after pauses it for longer.
   */
  async function liftPause(organizationId: number, profileId: number, by: string): Promise<void> {
    const now = clock.now();
    const effects: Effects = { logs: [], notices: [] };
    const logs = await db.transaction(async (trx) => {
      const profile = await table(trx, 'profiles')
        .where({ id: profileId, organization_id: organizationId })
        .forUpdate()
        .first('name', 'paused_until');
      if (!profile) throw notFound(`Profile ${profileId} not found.`);
      const until = profile.paused_until === null ? null : new Date(profile.paused_until);
      if (until === null || until <= now) return [];
      await trx('profiles')
        .where({ id: profileId })
        .update({ paused_until: null, pause_reason: null, next_action_at: null });
      // Tasks held back until the pause's end are due again now.
      await trx('campaign_tasks')
        .where({ profile_id: profileId, status: 'pending' })
        .andWhere('due_at', '>', now)
        .andWhere('due_at', '<=', until)
        .whereNot('action', 'followUp')
        .update({ due_at: now });
      const message = `${profile.name}'s pause was lifted by ${by}`;
      effects.logs.push(
        ...logPerCampaign(await runningCampaignsOf(trx, profileId), profileId, 'UPDATED', message),
      );
      return writeLogs(trx, organizationId, now, effects.logs);
    });
    await pushes.push(organizationId, effects, logs, now);
    pushes.wake(organizationId, [profileId], 'pause lifted');
  }

  /** A running campaign's settings changed: logged as UPDATED, and its executors look at once. */
  async function settingsChanged(
    organizationId: number,
    campaign: { id: number; profileIds: number[] },
    changed: string[],
  ): Promise<void> {
    const message = `Settings changed (${changed.join(', ')}); they apply to every task not yet done`;
    await pushes.logAndPush(
      organizationId,
      [{ campaignId: campaign.id, profileId: null, type: 'UPDATED', message }],
      clock.now(),
    );
    pushes.wake(organizationId, campaign.profileIds, 'settings changed');
  }

  /** A profile's proxy changed: its campaigns' logs say so (never the credentials), and its browser looks again. */
  async function proxyChanged(organizationId: number, profileId: number, fields: readonly string[]) {
    const now = clock.now();
    const profile = await table(db, 'profiles')
      .where({ id: profileId, organization_id: organizationId })
      .first('name', 'proxy_source', 'proxy_type');
    if (!profile) return;
    const what = fields.map((f) => (f === 'proxyPassword' ? 'password' : f)).join(', ');
    const message = `${profile.name}'s proxy changed (${what}); now ${profile.proxy_source}${
      profile.proxy_type ? ` ${profile.proxy_type}` : ''
    }: its browser goes out through it from its next start`;
    const campaigns = await runningCampaignsOf(db, profileId);
    await pushes.logAndPush(
      organizationId,
      logPerCampaign(campaigns, profileId, 'CHANGED_PROXY', message),
      now,
    );
    pushes.wake(organizationId, [profileId], 'proxy changed');
  }

  return { liftPause, settingsChanged, proxyChanged };
}
