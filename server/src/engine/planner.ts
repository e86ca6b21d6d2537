import { createHash } from 'node:crypto';
import { localTime, safeTimeZone } from '@reachly/shared/logic';
import type { Knex } from 'knex';
import { toAffectedRows } from '../db/knex.ts';
import { likePattern } from '../db/sql.ts';
import { table } from '../db/tables.ts';
import { LEAD_LISTED_SQL } from '../services/do-not-contact/task-sweep.ts';
import { firstContactStep, type OpeningAction, openingChain, planOpenings } from './opening.ts';
import { type CampaignSettings, followUpSequence, parseSettings, stepOf } from './settings.ts';
import { planAfterWithdrawals, planWithdrawals } from './withdrawals.ts';

/**
 * The planner (docs/design.md §4): turns a running campaign's steps and each lead's state into due
 * tasks, one INSERT … SELECT per step. Every insert ends in ON CONFLICT DO NOTHING on the task's
 * unique key, (campaign, step, lead) or (campaign, step) for tasks without a lead, so planning
 * twice, from two server processes at once, or after a restart plans nothing twice.
 *
 * What is planned here: collecting, the opening of every targeted lead (opening.ts: a visit, a
 * follow, then the first contact, a friend request or the welcome message when the campaign sends
 * no requests, each after the one before is done), the welcome message once a request is accepted,
 * the withdrawal of a request unanswered for the step's withdrawAfterDays and what the step goes on
 * with after it (withdrawals.ts), the call to action of qualified conversations, joining groups and today's likes.
 * Follow-ups are planned when a message goes out (planNextFollowUp) and AI replies when a lead's
 * message comes in (events.ts).
 */

export interface PlannedCampaign {
  id: number;
  organization_id: number;
  collection_id: number;
  status: string;
  settings: CampaignSettings;
}

/** How often the claim path re-plans a running campaign (new leads, acceptances, a new day). */
export const PLAN_INTERVAL_SECONDS = 60;

const shortHash = (text: string) => createHash('sha1').update(text).digest('hex').slice(0, 16);

export async function loadCampaign(db: Knex | Knex.Transaction, id: number): Promise<PlannedCampaign | null> {
  const row = await table(db, 'campaigns')
    .where({ id })
    .first('id', 'organization_id', 'collection_id', 'status', 'settings');
  if (!row) return null;
  return {
    ...row,
    id: row.id,
    organization_id: row.organization_id,
    collection_id: row.collection_id,
    settings: parseSettings(row.settings),
  };
}

async function profileIdsOf(db: Knex | Knex.Transaction, campaignId: number): Promise<number[]> {
  const rows = await table(db, 'campaign_profiles')
    .where({ campaign_id: campaignId })
    .orderBy('profile_id')
    .select('profile_id');
  return rows.map((r) => r.profile_id);
}

const TASK_COLUMNS = '(organization_id, campaign_id, profile_id, lead_id, step_key, action, due_at, payload)';
const TASK_COLUMNS_WITH_OUTCOME =
  '(organization_id, campaign_id, profile_id, lead_id, step_key, action, due_at, payload, status, finished_at, result)';

type Run = (sql: string, bindings: readonly unknown[]) => Promise<void>;

/** Runs inserts and counts the rows they added. */
function counter(db: Knex | Knex.Transaction): { run: Run; added: () => number } {
  let added = 0;
  return {
    run: async (sql, bindings) => {
      added += toAffectedRows(await db.raw(sql, bindings as Knex.RawBinding[]));
    },
    added: () => added,
  };
}

/** Plans the opening of leads that arrived in the collection (collected or imported). */
export async function planCampaignLeads(
  db: Knex | Knex.Transaction,
  campaign: PlannedCampaign,
  now: Date,
): Promise<number> {
  const step = openingChain(campaign.settings)[0];
  const profiles = await profileIdsOf(db, campaign.id);
  if (!step || profiles.length === 0 || campaign.status !== 'running') return 0;
  return (await planFirstContact(db, campaign, profiles, step, now)).targeted;
}

export interface PlanResult {
  /** Tasks added in all. */
  added: number;
  /** Leads newly targeted for their first contact. */
  targeted: number;
  /** Leads left out because they are on the do-not-contact list (their first contact recorded as skipped). */
  listed: number;
}

/** Plans every step of a running campaign; answers how many tasks were added. */
export async function planCampaign(
  db: Knex | Knex.Transaction,
  campaignId: number,
  now: Date,
): Promise<PlanResult> {
  const campaign = await loadCampaign(db, campaignId);
  const none: PlanResult = { added: 0, targeted: 0, listed: 0 };
  if (campaign?.status !== 'running') return none;
  const profiles = await profileIdsOf(db, campaignId);
  if (profiles.length === 0) return none;
  const { settings } = campaign;
  const { run, added } = counter(db);

  // Tasks of profiles taken off the campaign go to the profiles still on it.
  await db.raw(
    `update campaign_tasks set profile_id = (?::int[])[1 + (coalesce(lead_id, id) % ?)]
      where campaign_id = ? and status = 'pending' and (profile_id is null or profile_id <> all(?::int[]))`,
    [profiles, profiles.length, campaignId, profiles],
  );

  const collect = stepOf(settings, 'collect');
  if (collect) {
    await run(
      `insert into campaign_tasks ${TASK_COLUMNS} values (?, ?, ?, null, ?, 'collect', ?, ?) on conflict do nothing`,
      [
        campaign.organization_id,
        campaignId,
        profiles[0] ?? null,
        `collect:${shortHash(JSON.stringify(collect.from))}`,
        now,
        JSON.stringify({ source: collect.from, maxCount: collect.maxCount }),
      ],
    );
  }

  const firstContact = firstContactStep(settings);
  const opening = openingChain(settings)[0];
  const first = opening
    ? await planFirstContact(db, campaign, profiles, opening, now)
    : { targeted: 0, listed: 0 };
  const opened = await planOpenings(db, campaign, now);
  if (firstContact === 'friendRequest' && stepOf(settings, 'welcomeMessage')) {
    await planWelcomes(db, campaignId, now, run);
  }
  const withdrawals =
    firstContact === 'friendRequest'
      ? (await planWithdrawals(db, campaign, now)) + (await planAfterWithdrawals(db, campaign, now))
      : 0;

  if (stepOf(settings, 'callToAction')) {
    await run(
      `insert into campaign_tasks ${TASK_COLUMNS}
       select cv.organization_id, ?, cv.profile_id, cv.lead_id, 'callToAction', 'callToAction', ?, null
         from conversations cv
        where cv.organization_id = ? and cv.status in ('qualified', 'interested')
          and cv.profile_id = any(?::int[])
          and exists (select 1 from campaign_tasks t where t.campaign_id = ? and t.lead_id = cv.lead_id)
       on conflict do nothing`,
      [campaignId, now, campaign.organization_id, profiles, campaignId],
    );
  }

  const join = stepOf(settings, 'joinGroups');
  const like = stepOf(settings, 'likePosts');
  if (join || like) {
    const zones = await table(db, 'profiles').whereIn('id', profiles).select('id', 'proxy_timezone');
    for (const { id, proxy_timezone } of zones) {
      for (const groupUrl of join?.groupUrls ?? []) {
        await run(
          `insert into campaign_tasks ${TASK_COLUMNS} values (?, ?, ?, null, ?, 'joinGroups', ?, ?) on conflict do nothing`,
          [
            campaign.organization_id,
            campaignId,
            id,
            `joinGroups:${id}:${shortHash(groupUrl)}`,
            now,
            JSON.stringify({ groupUrl }),
          ],
        );
      }
      if (like) {
        const today = localTime(now, safeTimeZone(proxy_timezone)).date;
        await run(
          `insert into campaign_tasks ${TASK_COLUMNS} values (?, ?, ?, null, ?, 'likePosts', ?, ?) on conflict do nothing`,
          [
            campaign.organization_id,
            campaignId,
            id,
            `likePosts:${id}:${today}`,
            now,
            JSON.stringify({ count: like.count }),
          ],
        );
      }
    }
  }

  await db('campaigns').where({ id: campaignId }).update({ planned_at: now });
  return {
    added: added() + first.targeted + opened + withdrawals,
    targeted: first.targeted,
    listed: first.listed,
  };
}

/**
 * The opening action (opening.ts: a visit, a follow or the first contact) of every lead of the
 * collection that the targeting step lets through, spread
 * over the campaign's profiles by lead id (a person some profile already works stays with it).
 * Left out: people off-limits in any collection or on do-not-contact, people in conversation with
 * another of our profiles, and, with skipContacted, people another campaign contacted. A lead the
 * do-not-contact list matches (reachly_dnc_entry) gets its first contact as a skipped task, so the
 * campaign counts it ("on the do-not-contact list") and taking the entry off the list plans it again.
 */
async function planFirstContact(
  db: Knex | Knex.Transaction,
  campaign: PlannedCampaign,
  profiles: number[],
  step: OpeningAction,
  now: Date,
): Promise<{ targeted: number; listed: number }> {
  const filters = stepOf(campaign.settings, 'target')?.filters ?? {
    includeKeywords: [],
    excludeKeywords: [],
    skipContacted: true,
  };
  const where: string[] = [];
  const bindings: unknown[] = [];
  // A campaign whose first contact is a message opens only leads it can write to.
  const messageFirst = firstContactStep(campaign.settings) === 'welcomeMessage';
  const hasMessageButton = messageFirst ? true : filters.hasMessageButton;
  // Unknown (null) is "find out on the first visit": only a lead known to lack the button is left out.
  if (hasMessageButton === true) where.push('l.has_message_button is not false');
  if (hasMessageButton === false) where.push('l.has_message_button is not true');
  if (filters.includeKeywords.length > 0) {
    where.push(`l.name ilike any(?::text[])`);
    bindings.push(filters.includeKeywords.map(likePattern));
  }
  if (filters.excludeKeywords.length > 0) {
    where.push(`not (coalesce(l.name, '') ilike any(?::text[]))`);
    bindings.push(filters.excludeKeywords.map(likePattern));
  }
  if (filters.skipContacted) {
    where.push('l.friend_request_sent_at is null and l.message_sent_at is null');
    // Contacted by this organisation under another lead row (another collection) counts too.
    where.push('(p.owner_campaign_id is null or p.owner_campaign_id = ?)');
    bindings.push(campaign.id);
  }
  // The do-not-contact rule runs per lead only when the organisation has a list at all: with none
  // (most organisations), planning costs what it cost before the list existed.
  const hasList = await db('do_not_contact_entries')
    .where({ organization_id: campaign.organization_id })
    .first('id');
  // `offset 0` keeps the lookup a subquery: pulled up, each use of d.entry_id below would call the
  // rule again (two or three calls per lead instead of one).
  const entryLookup = hasList
    ? `select ${LEAD_LISTED_SQL} as entry_id offset 0`
    : 'select null::int as entry_id';
  // The people already talking with a profile, and the people off-limits in any collection, are
  // read once (materialized sets, hashed), not looked up per lead: without statistics on a new
  // organisation's leads, a correlated lookup made PostgreSQL scan every lead for every lead.
  // A person already worked by one of our profiles goes to that profile, or is left out when that
  // profile is not on this campaign: nobody hears from two of our profiles.
  const inserted = await db.raw(
    `with talking as materialized (
       select distinct other.profile_url, cv.profile_id
         from conversations cv join leads other on other.id = cv.lead_id
        where cv.organization_id = ?),
     off_limits as materialized (
       select distinct x.profile_url from leads x
        where x.organization_id = ? and (x.is_excluded or x.should_skip)
       union
       select d.profile_url from people d where d.organization_id = ? and d.do_not_contact)
     insert into campaign_tasks ${TASK_COLUMNS_WITH_OUTCOME}
     select l.organization_id, ?, a.profile_id, l.id, ?, ?, ?, null,
            case when d.entry_id is null then 'pending' else 'skipped' end,
            case when d.entry_id is null then null else ?::timestamptz end,
            case when d.entry_id is not null
                 then jsonb_build_object('reason', 'do-not-contact', 'entryId', d.entry_id) end
       from leads l
       left join people p on p.organization_id = l.organization_id and p.profile_url = l.profile_url
       cross join lateral (select coalesce(p.owner_profile_id, (?::int[])[1 + (l.id % ?)]) as profile_id) a
       cross join lateral (${entryLookup}) d
       left join talking t on t.profile_url = l.profile_url and t.profile_id is distinct from a.profile_id
       left join off_limits o on o.profile_url = l.profile_url
      where l.collection_id = ? and l.organization_id = ? and not l.is_excluded and not l.should_skip
        and t.profile_url is null and o.profile_url is null
        and a.profile_id = any(?::int[])
        ${where.map((w) => `and ${w}`).join(' ')}
     on conflict do nothing
     returning status`,
    [
      campaign.organization_id,
      campaign.organization_id,
      campaign.organization_id,
      campaign.id,
      step,
      step,
      now,
      now,
      profiles,
      profiles.length,
      campaign.collection_id,
      campaign.organization_id,
      profiles,
      ...bindings,
    ] as Knex.RawBinding[],
  );
  const statuses = (inserted.rows as { status: string }[]).map((r) => r.status);
  const listed = statuses.filter((status) => status === 'skipped').length;
  return { targeted: statuses.length - listed, listed };
}

/** The welcome message of every lead whose friend request (sent by this campaign) was accepted. */
export async function planWelcomes(db: Knex | Knex.Transaction, campaignId: number, now: Date, run?: Run) {
  const sql = `insert into campaign_tasks ${TASK_COLUMNS}
     select ft.organization_id, ft.campaign_id, ft.profile_id, ft.lead_id, 'welcomeMessage', 'welcomeMessage', ?, null
       from campaign_tasks ft join leads l on l.id = ft.lead_id
      where ft.campaign_id = ? and ft.action in ('friendRequest', 'acceptRequest') and ft.status = 'done'
        and l.friend_accepted_at is not null
     on conflict do nothing`;
  if (run) await run(sql, [now, campaignId]);
  else await db.raw(sql, [now, campaignId]);
}

/**
 * After a welcome message or a follow-up went out: the next follow-up of the sequence, due
 * `afterDays` later. The claim skips it if the lead has answered by then, and a reply cancels it.
 */
export async function planNextFollowUp(
  db: Knex | Knex.Transaction,
  task: {
    organization_id: number;
    campaign_id: number;
    profile_id: number;
    lead_id: number;
    step_key: string;
  },
  settings: CampaignSettings,
  now: Date,
): Promise<void> {
  const sequence = followUpSequence(settings);
  const index =
    task.step_key === 'welcomeMessage' ? 0 : sequence.findIndex((f) => f.key === task.step_key) + 1;
  const next = index > 0 || task.step_key === 'welcomeMessage' ? sequence[index] : undefined;
  if (!next) return;
  await db.raw(
    `insert into campaign_tasks ${TASK_COLUMNS} values (?, ?, ?, ?, ?, 'followUp', ?, null) on conflict do nothing`,
    [
      task.organization_id,
      task.campaign_id,
      task.profile_id,
      task.lead_id,
      next.key,
      new Date(now.getTime() + next.afterDays * 24 * 3600 * 1000),
    ],
  );
}
