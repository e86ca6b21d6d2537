import type { Knex } from 'knex';
import * as claimStatements from './20261127000100-claim-statements.ts';
import * as doNotContact from './20261127500010-create-do-not-contact.ts';
import * as claimLeadFields from './20261127700010-claim-lead-fields.ts';
import * as claimDncWhenListed from './20261127800010-claim-dnc-when-listed.ts';

/**
 * The task protocol's statements (migration 20261127000100, server/src/engine/claim-sql.ts and
 * done-outcome.ts) doing the same with less of PostgreSQL's time per claim and done report (issue
 * 14; measured one backend's CPU per call on the engine bench's database, docs/decisions.md
 * "Server speed"):
 *
 * - the look reads its due tasks in its own statement instead of calling reachly_claim_tasks:
 *   calling it set plan_cache_mode for the call and built the (campaign, action) pairs of every
 *   running campaign as two arrays grouped back by action, and cost about as much as reading the
 *   tasks. The look itself now keeps one plan for any profile (plan_cache_mode =
 *   force_generic_plan, as reachly_claim_tasks did since 20261127000300), and the day's claims are
 *   counted by a static statement (an EXECUTE was parsed and planned on every claim) through
 *   campaign_tasks_profile_id_claimed_at_index; a profile's running campaigns through a new index
 *   on campaign_profiles by profile (its key begins with the campaign);
 * - a lead's imported columns go with the message actions alone (they render the text at the
 *   claim); for any other action the lead's `fields` is {}; the status of the campaign that owns
 *   the person is read by its key (the generic plan joined every campaign in a hash);
 * - the claim's write runs only the statements it has rows for (no person, skip or log row: no
 *   statement); the profile's row version is checked by the write's own update of that row, once
 *   the tasks decided on are locked (one statement instead of a locking read and an update: a claim
 *   of the same profile that updated it first holds it to its end, and then this one finds it
 *   changed and writes nothing); it counts the messages already sent with the text in a statement
 *   of its own, so the lease's update keeps one plan (with that count inside a CASE, PostgreSQL
 *   planned the update anew on every claim);
 * - the done report's check that the task is still the lease is its update's own condition (one
 *   statement instead of a locking read and an update), and its answer is read in one statement.
 *
 * reachly_claim_tasks (the next due tasks when the look's run out) and the look's tasks are one
 * text (`dueTasksJson`), so the two cannot drift apart. Down restores the functions as they were.
 */

/** The claim's due tasks as JSON, with what the person's rules look at, from `tasks` (aliased c: rows of campaign_tasks with their `version` and the action's `rank`). */
const dueTasksJson = (tasks: string) => `(
        select coalesce(json_agg(json_build_object(
            'task', json_build_object('id', c.id, 'organization_id', c.organization_id,
              'campaign_id', c.campaign_id, 'profile_id', c.profile_id, 'lead_id', c.lead_id,
              'step_key', c.step_key, 'action', c.action, 'status', c.status, 'attempts', c.attempts,
              'payload', c.payload),
            'version', c.version,
            'lead', case when l.id is not null then json_build_object('id', l.id,
              'profile_url', l.profile_url, 'name', l.name, 'first_name', l.first_name,
              'last_name', l.last_name, 'has_message_button', l.has_message_button,
              'fields', case when c.action in ('welcomeMessage', 'aiReply', 'callToAction', 'followUp')
                             then l.fields else '{}'::jsonb end) end,
            'person', case when l.id is not null then json_build_object(
              'offLimits', coalesce(pp.do_not_contact, false)
                or exists (select 1 from leads x where x.organization_id = p_organization_id
                             and x.profile_url = l.profile_url and (x.is_excluded or x.should_skip))
                or case when exists (select 1 from do_not_contact_entries e where e.organization_id = p_organization_id)
                  then reachly_dnc_entry(p_organization_id, l.profile_url,
                     coalesce(nullif(btrim(l.name), ''), concat_ws(' ', l.first_name, l.last_name)),
                     to_jsonb(l) -> 'fields') is not null else false end,
              'ownerProfileId', pp.owner_profile_id, 'ownerCampaignId', pp.owner_campaign_id) end,
            'ownerCampaignStatus', (select oc.status from campaigns oc where oc.id = pp.owner_campaign_id),
            'talkingElsewhere', case when l.id is not null and pp.owner_profile_id is null then exists (
              select 1 from conversations cv join leads o on o.id = cv.lead_id
               where o.organization_id = c.organization_id and o.profile_url = l.profile_url
                 and cv.profile_id <> p_profile_id) end,
            'replied', case when c.action = 'followUp' and c.lead_id is not null then exists (
              select 1 from conversation_messages m join conversations cv on cv.id = m.conversation_id
               where cv.lead_id = c.lead_id and cv.profile_id = c.profile_id and m.direction = 'in') end,
            'repliesToday', case when c.action = 'aiReply' and c.status = 'pending' then (
              select count(*) from campaign_tasks a
               where a.lead_id = c.lead_id and a.profile_id = c.profile_id and a.action = 'aiReply'
                 and a.status in ('claimed', 'started', 'done') and a.claimed_at >= p_day_start) end,
            'textSent', case when c.action = 'aiReply' and c.status = 'pending'
                              and jsonb_typeof(c.payload -> 'text') = 'string' then (
              select count(*) from conversation_messages m join conversations cv on cv.id = m.conversation_id
               where cv.lead_id = c.lead_id and cv.profile_id = c.profile_id and m.direction = 'out'
                 and m.text = c.payload ->> 'text') end
          ) order by c.rank, c.due_at, c.id), '[]')
        from ${tasks} c
        left join leads l on l.id = c.lead_id
        left join people pp on pp.organization_id = p_organization_id and pp.profile_url = l.profile_url)`;

/**
 * The first `perAction` due tasks of an action `a.action` whose campaign is in `campaigns`: pending
 * ones whose time has come (campaign_tasks_pending_by_action) and claims whose lease lapsed
 * (campaign_tasks_leased_by_action), passing over `notSeen`.
 */
const dueOfAction = (campaigns: string, notSeen: string, perAction: string) => `(
            select u.* from (
              (select t.*, t.xmin::text as version from campaign_tasks t
                where t.profile_id = p_profile_id and t.action = a.action and t.status = 'pending'
                  and t.due_at <= p_now and t.campaign_id = any(${campaigns})${notSeen}
                order by t.due_at, t.id limit ${perAction})
              union all
              (select t.*, t.xmin::text as version from campaign_tasks t
                where t.profile_id = p_profile_id and t.action = a.action and t.status in ('claimed', 'started')
                  and t.lease_until <= p_now and t.campaign_id = any(${campaigns})${notSeen}
                order by t.due_at, t.id limit ${perAction})
            ) u order by u.due_at, u.id limit ${perAction})`;

const CLAIM_TASKS = `
    create or replace function reachly_claim_tasks(
      p_organization_id int, p_profile_id int, p_now timestamptz, p_day_start timestamptz,
      p_priority text[], p_campaigns int[], p_actions text[], p_seen bigint[], p_per_action int, p_limit int
    ) returns json language plpgsql stable
    set plan_cache_mode = force_generic_plan as $$
    begin
      -- The due tasks of the pairs (p_campaigns[i], p_actions[i]), by action in the order of
      -- p_priority, then due time: the first p_per_action of each action, p_limit in all.
      return ${dueTasksJson(`(
          select d.*, a.rank from (
            select x.action, x.rank, array_agg(p.campaign_id) as campaigns
              from unnest(p_priority) with ordinality as x(action, rank)
              join unnest(p_campaigns, p_actions) as p(campaign_id, action) on p.action = x.action
             group by x.action, x.rank) a
          cross join lateral ${dueOfAction('a.campaigns', ' and t.id <> all(p_seen)', 'p_per_action')} d
          order by a.rank, d.due_at, d.id limit p_limit)`)};
    end $$`;

const CLAIM_LOOK = `
    create or replace function reachly_claim_look(
      p_organization_id int, p_profile_id int, p_now timestamptz, p_day_start timestamptz,
      p_priority text[], p_per_action int, p_lock boolean
    ) returns json language plpgsql
    set plan_cache_mode = force_generic_plan as $$
    declare
      v_profile json;
      v_campaigns json;
      v_ids int[];
      v_counts json;
    begin
      if p_lock then
        select row_to_json(p) into v_profile from (
          select id, name, proxy_source, proxy_timezone, paused_until, next_action_at, warmup_started_at,
                 stats_day, xmin::text as version
            from profiles where id = p_profile_id and organization_id = p_organization_id for update) p;
      else
        select row_to_json(p) into v_profile from (
          select id, name, proxy_source, proxy_timezone, paused_until, next_action_at, warmup_started_at,
                 stats_day, xmin::text as version
            from profiles where id = p_profile_id and organization_id = p_organization_id) p;
      end if;
      if v_profile is null then
        return json_build_object('profile', null);
      end if;
      select coalesce(json_agg(json_build_object('id', c.id, 'organization_id', c.organization_id,
               'collection_id', c.collection_id, 'status', c.status, 'settings', c.settings,
               'planned_at', c.planned_at) order by c.id), '[]'),
             coalesce(array_agg(c.id order by c.id), '{}')
        into v_campaigns, v_ids
        from campaign_profiles cp join campaigns c on c.id = cp.campaign_id
       where cp.profile_id = p_profile_id and c.status = 'running';
      -- The profile's claims since p_day_start (campaign_tasks_profile_id_claimed_at_index).
      select coalesce(json_object_agg(d.action, d.n), '{}') into v_counts from (
        select action, count(*) as n from campaign_tasks
         where profile_id = p_profile_id and claimed_at >= p_day_start
           and status in ('claimed', 'started', 'done')
         group by action) d;
      -- The first p_per_action due tasks of each action of p_priority over every running campaign:
      -- the rules pick among them once this is read.
      return json_build_object(
        'profile', v_profile,
        'license_till', (select license_till from licences where organization_id = p_organization_id limit 1),
        'traffic', (select json_build_object('limit', traffic_limit::text, 'used', used_traffic::text)
                      from traffic_allowances where organization_id = p_organization_id),
        'campaigns', v_campaigns,
        'counts', v_counts,
        'tasks', ${dueTasksJson(`(
          select d.*, a.rank from unnest(p_priority) with ordinality as a(action, rank)
          cross join lateral ${dueOfAction('v_ids', '', 'p_per_action')} d)`)});
    end $$`;

const CLAIM_WRITE = `
    create or replace function reachly_claim_write(p jsonb) returns json language plpgsql as $$
    declare
      v_org int := (p ->> 'organization_id')::int;
      v_profile int := (p ->> 'profile_id')::int;
      v_now timestamptz := (p ->> 'now')::timestamptz;
      v_lease jsonb := p -> 'lease';
      v_decided int := jsonb_array_length(p -> 'decided');
      v_checked int;
      v_person record;
      v_owner_profile int;
      v_owner_campaign int;
      v_payload jsonb;
      v_logs json := '[]';
      v_next_due timestamptz;
      v_due_blocked json;
    begin
      -- The tasks decided on, as the look read them (locked; one another claim holds means changed).
      if v_decided > 0 then
        select count(*) into v_checked from (
          select t.id from campaign_tasks t
            join jsonb_to_recordset(p -> 'decided') as d(id bigint, version text)
              on d.id = t.id and t.xmin::text = d.version
           for update of t skip locked) x;
        if v_checked <> v_decided then
          return json_build_object('ok', false);
        end if;
      end if;
      -- The profile's row as the look read it, which serialises the profile's claims: updated only
      -- if unchanged (a claim that changed it first holds it until its end, then this finds it changed).
      update profiles set last_claim_at = v_now,
             next_action_at = coalesce((p ->> 'next_action_at')::timestamptz, next_action_at),
             warmup_started_at = coalesce((p ->> 'warmup_started_at')::timestamptz, warmup_started_at),
             stats_day = coalesce(p ->> 'stats_day', stats_day)
       where id = v_profile and xmin::text = p ->> 'version';
      if not found then
        return json_build_object('ok', false);
      end if;
      if jsonb_array_length(p -> 'people') > 0 then
        for v_person in
          select * from jsonb_to_recordset(p -> 'people')
            as x(profile_url text, campaign_id int, take_over boolean, owner_profile_id int, owner_campaign_id int)
        loop
          insert into people as pp (organization_id, profile_url, owner_profile_id, owner_campaign_id)
          values (v_org, v_person.profile_url, v_profile, v_person.campaign_id)
          on conflict (organization_id, profile_url) do update set
            owner_profile_id = coalesce(pp.owner_profile_id, excluded.owner_profile_id),
            owner_campaign_id = case when pp.owner_campaign_id is null or v_person.take_over
                                     then excluded.owner_campaign_id else pp.owner_campaign_id end,
            updated_at = now()
          returning owner_profile_id, owner_campaign_id into v_owner_profile, v_owner_campaign;
          if v_owner_profile is distinct from v_person.owner_profile_id
             or v_owner_campaign is distinct from v_person.owner_campaign_id then
            raise exception 'the owner of % changed since the claim read it', v_person.profile_url
              using errcode = 'RC001';
          end if;
        end loop;
      end if;
      if jsonb_array_length(p -> 'skips') > 0 then
        update campaign_tasks t set status = 'skipped', finished_at = v_now, lease_until = null,
               result = jsonb_build_object('reason', s.reason)
          from jsonb_to_recordset(p -> 'skips') as s(id bigint, reason text)
         where t.id = s.id;
      end if;
      if jsonb_typeof(v_lease) = 'object' then
        v_payload := v_lease -> 'payload';
        if v_lease ->> 'count_text' is not null then
          v_payload := jsonb_set(v_payload, '{sentBefore}', to_jsonb((
            select count(*) from conversation_messages m join conversations cv on cv.id = m.conversation_id
             where cv.lead_id = (v_lease ->> 'count_lead_id')::int and cv.profile_id = v_profile
               and m.direction = 'out' and m.text = v_lease ->> 'count_text')));
        end if;
        update campaign_tasks set status = 'claimed', attempts = (v_lease ->> 'attempts')::int,
               claimed_at = v_now, lease_until = (v_lease ->> 'lease_until')::timestamptz, payload = v_payload
         where id = (v_lease ->> 'id')::bigint;
      end if;
      if jsonb_array_length(p -> 'logs') > 0 then
        with written as (
          insert into campaign_logs (organization_id, campaign_id, profile_id, lead_id, type, message, payload, created_at)
          select v_org, (e.v ->> 'campaignId')::int, (e.v ->> 'profileId')::int, (e.v ->> 'leadId')::int,
                 e.v ->> 'type', e.v ->> 'message', e.v -> 'payload', v_now
            from jsonb_array_elements(p -> 'logs') with ordinality as e(v, n)
           order by e.n
          returning id, campaign_id, profile_id, lead_id, type, message, created_at)
        select coalesce(json_agg(written order by written.id), '[]') into v_logs from written;
      end if;
      if jsonb_typeof(p -> 'nothing') = 'object' then
        -- Planned for the profile at hand (EXECUTE), as the look's counts were.
        execute 'select min(t.due_at) from campaign_tasks t
                  where t.profile_id = $1 and t.status = ''pending'' and t.due_at > $2
                    and (t.campaign_id, t.action) in (
                      select * from jsonb_to_recordset($3) as a(campaign_id int, action text))'
          into v_next_due using v_profile, v_now, p -> 'nothing' -> 'allowed';
        execute 'select coalesce(json_agg(distinct t.campaign_id || '':'' || t.action), ''[]'')
                   from campaign_tasks t
                  where t.profile_id = $1 and t.status = ''pending'' and t.due_at <= $2
                    and (t.campaign_id, t.action) in (
                      select * from jsonb_to_recordset($3) as b(campaign_id int, action text))'
          into v_due_blocked using v_profile, v_now, p -> 'nothing' -> 'blocked';
      end if;
      return json_build_object('ok', true, 'payload', v_payload, 'logs', v_logs,
        'next_due', v_next_due, 'due_blocked', coalesce(v_due_blocked, '[]'));
    end $$`;

const TASK_DONE = `
    create or replace function reachly_task_done(p jsonb) returns json language plpgsql as $$
    declare
      v_task bigint := (p ->> 'id')::bigint;
      v_org int := (p ->> 'organization_id')::int;
      v_profile int := (p ->> 'profile_id')::int;
      v_campaign int := (p ->> 'campaign_id')::int;
      v_lead int := (p ->> 'lead_id')::int;
      v_now timestamptz := (p ->> 'now')::timestamptz;
      v_button boolean := (p ->> 'has_message_button')::boolean;
      v_answer json;
    begin
      -- Done only if it is still the lease the report quotes (a concurrent change of the row is
      -- checked again on its new version, as a locking read would have).
      update campaign_tasks t set status = 'done', finished_at = v_now, lease_until = null, result = p -> 'result'
       where t.id = v_task and t.organization_id = v_org and t.profile_id = v_profile
         and t.attempts = (p ->> 'attempt')::int and t.status in ('claimed', 'started')
         and t.campaign_id = v_campaign and t.action = p ->> 'action' and t.lead_id is not distinct from v_lead
         and exists (select 1 from campaigns c where c.id = t.campaign_id);
      if not found then
        return json_build_object('done', false);
      end if;
      if (p ->> 'request_sent')::boolean then
        update leads set friend_request_sent_at = v_now where id = v_lead and friend_request_sent_at is null;
      end if;
      if v_lead is not null and v_button is not null then
        update leads set has_message_button = v_button
         where organization_id = v_org
           and profile_url = (select profile_url from leads where id = v_lead)
           and (has_message_button is null or has_message_button <> v_button);
      end if;
      -- The log rows, and the answer: the run's stats today, the profile's next action and pause.
      with written as (
        insert into campaign_logs (organization_id, campaign_id, profile_id, lead_id, type, message, payload, created_at)
        select v_org, (e.v ->> 'campaignId')::int, (e.v ->> 'profileId')::int, (e.v ->> 'leadId')::int,
               e.v ->> 'type', e.v ->> 'message', e.v -> 'payload', v_now
          from jsonb_array_elements(p -> 'logs') with ordinality as e(v, n)
         order by e.n
        returning id, campaign_id, profile_id, lead_id, type, message, created_at)
      select json_build_object('done', true,
        'logs', (select coalesce(json_agg(written order by written.id), '[]') from written),
        'stats', (select coalesce(json_object_agg(s.action, s.n), '{}') from (
                    select action, count(*) as n from campaign_tasks
                     where campaign_id = v_campaign and profile_id = v_profile and status = 'done'
                       and finished_at >= (p ->> 'since')::timestamptz
                     group by action) s),
        'profile', (select json_build_object('next_action_at', next_action_at, 'paused_until', paused_until,
                      'proxy_timezone', proxy_timezone) from profiles where id = v_profile))
        into v_answer;
      return v_answer;
    end $$`;

export async function up(knex: Knex): Promise<void> {
  // A profile's running campaigns, read by every claim's look (the key begins with the campaign).
  await knex.raw('create index campaign_profiles_by_profile on campaign_profiles (profile_id, campaign_id)');
  await knex.raw(CLAIM_TASKS);
  await knex.raw(CLAIM_LOOK);
  await knex.raw(CLAIM_WRITE);
  await knex.raw(TASK_DONE);
}

export async function down(knex: Knex): Promise<void> {
  // The functions as they were before this migration, made again from the migrations that made
  // them: reachly_claim_tasks as 20261127500010 made it and 20261127700010 and 20261127800010
  // rewrote it; the look, the write and the done report as 20261127000100 made them.
  await knex.raw(doNotContact.CLAIM_TASKS);
  await claimLeadFields.up(knex);
  await claimDncWhenListed.up(knex);
  await knex.raw(claimStatements.CLAIM_LOOK);
  await knex.raw(claimStatements.CLAIM_WRITE);
  await knex.raw(claimStatements.TASK_DONE);
  await knex.raw('drop index if exists campaign_profiles_by_profile');
}
