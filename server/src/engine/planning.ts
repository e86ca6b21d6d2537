import type { Knex } from 'knex';
import { table } from '../db/tables.ts';
import { finishIfOver } from './campaign-finish.ts';
import type { Clock } from './clock.ts';
import { PLAN_INTERVAL_SECONDS, type PlanResult, planCampaign } from './planner.ts';
import type { Pushes } from './pushes.ts';

/** The profiles a campaign works with. */
async function profilesOf(db: Knex, campaignId: number): Promise<number[]> {
  const profiles = await table(db, 'campaign_profiles')
    .where({ campaign_id: campaignId })
    .select('profile_id');
  return profiles.map((p) => p.profile_id);
}

/** When the engine plans: a campaign that starts, stale campaigns on a claim, leads that arrive. */
export function createPlanning({ db, clock, pushes }: { db: Knex; clock: Clock; pushes: Pushes }) {
  /** Plans a running campaign now (on start, and from the claim path once a minute); logs new targets. */
  async function planAt(campaignId: number, now: Date): Promise<PlanResult> {
    const result = await planCampaign(db, campaignId, now);
    if (result.targeted > 0 || result.listed > 0) {
      const organization = (await db('campaigns').where({ id: campaignId }).first('organization_id')) as {
        organization_id: number;
      };
      // Targeting is one statement: its start and end are written together, with what it found.
      await pushes.logAndPush(
        organization.organization_id,
        [
          {
            campaignId,
            profileId: null,
            type: 'TARGETING_STARTED',
            message: `Targeting the collection's leads for first contact`,
          },
          {
            campaignId,
            profileId: null,
            type: 'TARGETING_FINISHED',
            message: `${result.targeted} new lead(s) targeted${
              result.listed > 0 ? `; ${result.listed} skipped: on the do-not-contact list` : ''
            }`,
          },
        ],
        now,
      );
      pushes.wake(organization.organization_id, await profilesOf(db, campaignId), 'new leads');
    }
    return result;
  }

  /** Plans a campaign that started or resumed, and wakes its executors. */
  async function plan(campaignId: number): Promise<PlanResult> {
    const result = await planAt(campaignId, clock.now());
    const campaign = await table(db, 'campaigns').where({ id: campaignId }).first('organization_id');
    const profiles = await profilesOf(db, campaignId);
    if (campaign) pushes.wake(campaign.organization_id, profiles, 'campaign running');
    return result;
  }

  /** Re-plans the profile's running campaigns not planned for PLAN_INTERVAL_SECONDS; one process wins each. */
  async function replanStale(profileId: number, now: Date): Promise<void> {
    const stale = new Date(now.getTime() - PLAN_INTERVAL_SECONDS * 1000);
    const ids = await table(db, 'campaigns')
      .whereIn('id', db('campaign_profiles').where({ profile_id: profileId }).select('campaign_id'))
      .andWhere('status', 'running')
      .andWhere((q) => q.whereNull('planned_at').orWhere('planned_at', '<', stale))
      .update({ planned_at: now })
      .returning('id');
    for (const { id } of ids) {
      const planned = await planAt(id, now);
      if (planned.added === 0) await finishIfOverAndPush(id, now);
    }
  }

  /** Finishes a campaign that is over (campaign-finish.ts), and tells the organisation's room. */
  async function finishIfOverAndPush(campaignId: number, now: Date): Promise<void> {
    const finished = await finishIfOver(db, campaignId, now);
    if (finished) pushes.campaignFinished(finished.organizationId, finished.campaignId, finished.logs);
  }

  /** Leads arrived in a collection (null: some collection): the running campaigns that work it target them now. */
  async function collectionChanged(organizationId: number, collectionId: number | null): Promise<void> {
    const now = clock.now();
    const ids = await table(db, 'campaigns')
      .where({ organization_id: organizationId, status: 'running' })
      .modify((q) => {
        if (collectionId !== null) q.where({ collection_id: collectionId });
      })
      .select('id');
    for (const { id } of ids) await planAt(id, now);
  }

  return { plan, replanStale, collectionChanged };
}
