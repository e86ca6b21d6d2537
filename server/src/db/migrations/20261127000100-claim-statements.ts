import type { Knex } from 'knex';

/**
 * The task protocol's statements as functions (server/src/engine/claim-sql.ts, done-outcome.ts): a
 * claim is one call that reads (reachly_claim_look, with reachly_claim_tasks for the next tasks)
 * and one that writes (reachly_claim_write); a plain done report is one call (reachly_task_done).
 * Each call is one round trip, and the statements inside keep their plans for the session, where
 * the same statements sent as text are planned on every claim. They decide nothing: the rules are
 * the engine's (claim-rules.ts, claim-pairs.ts, lease.ts, outcomes.ts), these read what the rules
 * look at and write what they decided, checking first that the rows decided on are unchanged.
 *
 * The claim reads a profile's due tasks by action, most urgent first, through an index on its
 * pending tasks by action (campaign_tasks_pending_by_action; the few claims whose lease lapsed are
 * found by status): the first tasks of each action, instead of every due task of the profile
 * sorted. A done report reads the profile's tasks done today (campaign_tasks_done_by_profile).
 */
/** The claim's look, write and plain done report as this migration made them (the leaner claim's
 * down, 20261129100010, makes them again from these). */
export const CLAIM_LOOK = `
    create or replace function reachly_claim_look(
      p_organization_id int, p_profile_id int, p_now timestamptz, p_day_start timestamptz,
      p_priority text[], p_per_action int, p_lock boolean
    ) returns json language plpgsql as $$
    declare
      v_profile json;
      v_campaigns json;
      v_ids int[];
      v_pair_campaigns int[];
      v_pair_actions text[];
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
      -- Every action of every running campaign: the rules pick among them once this is read.
      select coalesce(array_agg(c.id), '{}'), coalesce(array_agg(a.action), '{}')
        into v_pair_campaigns, v_pair_actions
        from unnest(v_ids) as c(id) cross join unnest(p_priority) as a(action);
      -- Planned for the profile and day at hand (EXECUTE): a plan kept for any profile and day
      -- would read every claimed task of every profile.
      execute 'select coalesce(json_object_agg(d.action, d.n), ''{}'') from (
                 select action, count(*) as n from campaign_tasks
                  where profile_id = $1 and status in (''claimed'', ''started'', ''done'') and claimed_at >= $2
                  group by action) d'
        into v_counts using p_profile_id, p_day_start;
      return json_build_object(
        'profile', v_profile,
        'license_till', (select license_till from licences where organization_id = p_organization_id limit 1),
        'traffic', (select json_build_object('limit', traffic_limit::text, 'used', used_traffic::text)
                      from traffic_allowances where organization_id = p_organization_id),
        'campaigns', v_campaigns,
        'counts', v_counts,
        'tasks', reachly_claim_tasks(p_organization_id, p_profile_id, p_now, p_day_start, p_priority,
                   v_pair_campaigns, v_pair_actions, '{}', p_per_action,
                   p_per_action * coalesce(array_length(p_priority, 1), 0)));
    end $$`;

export const CLAIM_WRITE = `
    create or replace function reachly_claim_write(p jsonb) returns json language plpgsql as $$
    declare
      v_org int := (p ->> 'organization_id')::int;
      v_profile int := (p ->> 'profile_id')::int;
      v_now timestamptz := (p ->> 'now')::timestamptz;
      v_lease jsonb := p -> 'lease';
      v_decided int;
      v_person record;
      v_owner_profile int;
      v_owner_campaign int;
      v_payload jsonb;
      v_logs json;
      v_next_due timestamptz;
      v_due_blocked json;
    begin
      perform 1 from profiles where id = v_profile and xmin::text = p ->> 'version' for update;
      if not found then
        return json_build_object('ok', false);
      end if;
      select count(*) into v_decided from (
        select t.id from campaign_tasks t
          join jsonb_to_recordset(p -> 'decided') as d(id bigint, version text)
            on d.id = t.id and t.xmin::text = d.version
         for update of t skip locked) x;
      if v_decided <> jsonb_array_length(p -> 'decided') then
        return json_build_object('ok', false);
      end if;
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
      update campaign_tasks t set status = 'skipped', finished_at = v_now, lease_until = null,
             result = jsonb_build_object('reason', s.reason)
        from jsonb_to_recordset(p -> 'skips') as s(id bigint, reason text)
       where t.id = s.id;
      if jsonb_typeof(v_lease) = 'object' then
        update campaign_tasks t set status = 'claimed', attempts = (v_lease ->> 'attempts')::int,
               claimed_at = v_now, lease_until = (v_lease ->> 'lease_until')::timestamptz,
               payload = case when v_lease ->> 'count_text' is null then v_lease -> 'payload'
                 else jsonb_set(v_lease -> 'payload', '{sentBefore}', to_jsonb((
                   select count(*) from conversation_messages m join conversations cv on cv.id = m.conversation_id
                    where cv.lead_id = (v_lease ->> 'count_lead_id')::int and cv.profile_id = v_profile
                      and m.direction = 'out' and m.text = v_lease ->> 'count_text'))) end
         where t.id = (v_lease ->> 'id')::bigint
        returning t.payload into v_payload;
      end if;
      update profiles set last_claim_at = v_now,
             next_action_at = coalesce((p ->> 'next_action_at')::timestamptz, next_action_at),
             warmup_started_at = coalesce((p ->> 'warmup_started_at')::timestamptz, warmup_started_at),
             stats_day = coalesce(p ->> 'stats_day', stats_day)
       where id = v_profile;
      with written as (
        insert into campaign_logs (organization_id, campaign_id, profile_id, lead_id, type, message, payload, created_at)
        select v_org, (e.v ->> 'campaignId')::int, (e.v ->> 'profileId')::int, (e.v ->> 'leadId')::int,
               e.v ->> 'type', e.v ->> 'message', e.v -> 'payload', v_now
          from jsonb_array_elements(p -> 'logs') with ordinality as e(v, n)
         order by e.n
        returning id, campaign_id, profile_id, lead_id, type, message, created_at)
      select coalesce(json_agg(written order by written.id), '[]') into v_logs from written;
      if jsonb_typeof(p -> 'nothing') = 'object' then
        -- Planned for the profile at hand (EXECUTE), as the counts of the look.
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

export const TASK_DONE = `
    create or replace function reachly_task_done(p jsonb) returns json language plpgsql as $$
    declare
      v_task bigint := (p ->> 'id')::bigint;
      v_org int := (p ->> 'organization_id')::int;
      v_profile int := (p ->> 'profile_id')::int;
      v_campaign int := (p ->> 'campaign_id')::int;
      v_lead int := (p ->> 'lead_id')::int;
      v_now timestamptz := (p ->> 'now')::timestamptz;
      v_button boolean := (p ->> 'has_message_button')::boolean;
      v_logs json;
      v_stats json;
      v_profile_row json;
    begin
      perform 1 from campaign_tasks t
       where t.id = v_task and t.organization_id = v_org and t.profile_id = v_profile
         and t.attempts = (p ->> 'attempt')::int and t.status in ('claimed', 'started')
         and t.campaign_id = v_campaign and t.action = p ->> 'action' and t.lead_id is not distinct from v_lead
         and exists (select 1 from campaigns c where c.id = t.campaign_id)
         for update of t;
      if not found then
        return json_build_object('done', false);
      end if;
      update campaign_tasks set status = 'done', finished_at = v_now, lease_until = null, result = p -> 'result'
       where id = v_task;
      if (p ->> 'request_sent')::boolean then
        update leads set friend_request_sent_at = v_now where id = v_lead and friend_request_sent_at is null;
      end if;
      if v_lead is not null and v_button is not null then
        update leads set has_message_button = v_button
         where organization_id = v_org
           and profile_url = (select profile_url from leads where id = v_lead)
           and (has_message_button is null or has_message_button <> v_button);
      end if;
      with written as (
        insert into campaign_logs (organization_id, campaign_id, profile_id, lead_id, type, message, payload, created_at)
        select v_org, (e.v ->> 'campaignId')::int, (e.v ->> 'profileId')::int, (e.v ->> 'leadId')::int,
               e.v ->> 'type', e.v ->> 'message', e.v -> 'payload', v_now
          from jsonb_array_elements(p -> 'logs') with ordinality as e(v, n)
         order by e.n
        returning id, campaign_id, profile_id, lead_id, type, message, created_at)
      select coalesce(json_agg(written order by written.id), '[]') into v_logs from written;
      select coalesce(json_object_agg(s.action, s.n), '{}') into v_stats from (
        select action, count(*) as n from campaign_tasks
         where campaign_id = v_campaign and profile_id = v_profile and status = 'done'
           and finished_at >= (p ->> 'since')::timestamptz
         group by action) s;
      select json_build_object('next_action_at', next_action_at, 'paused_until', paused_until,
               'proxy_timezone', proxy_timezone)
        into v_profile_row from profiles where id = v_profile;
      return json_build_object('done', true, 'logs', v_logs, 'stats', v_stats, 'profile', v_profile_row);
    end $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index campaign_tasks_pending_by_action on campaign_tasks
    (profile_id, action, due_at, id) where status = 'pending'`);
  // A profile's done tasks by when they were done: the run's stats today after each done report.
  await knex.raw(`create index campaign_tasks_done_by_profile on campaign_tasks
    (profile_id, finished_at) where status = 'done'`);

  // The due tasks of the (campaign, action) pairs (p_campaigns[i], p_actions[i]), by action in the
  // order of p_priority, then due time: pending tasks whose time has come and claims whose lease
  // lapsed; the first p_per_action of each action, p_limit in all, passing over p_seen. Each with
  // its lead, the person's state and the facts the rules read (claim-rules.ts TaskFacts; each read
  // only for the tasks whose rules use it).
  await knex.raw(`
    create function reachly_claim_tasks(
      p_organization_id int, p_profile_id int, p_now timestamptz, p_day_start timestamptz,
      p_priority text[], p_campaigns int[], p_actions text[], p_seen bigint[], p_per_action int, p_limit int
    ) returns json language plpgsql stable as $$
    begin
      return (
        select coalesce(json_agg(json_build_object(
            'task', json_build_object('id', c.id, 'organization_id', c.organization_id,
              'campaign_id', c.campaign_id, 'profile_id', c.profile_id, 'lead_id', c.lead_id,
              'step_key', c.step_key, 'action', c.action, 'status', c.status, 'attempts', c.attempts,
              'payload', c.payload),
            'version', c.version,
            'lead', case when l.id is not null then json_build_object('id', l.id,
              'profile_url', l.profile_url, 'name', l.name, 'first_name', l.first_name,
              'last_name', l.last_name, 'has_message_button', l.has_message_button) end,
            'person', case when l.id is not null then json_build_object(
              'offLimits', coalesce(pp.do_not_contact, false)
                or exists (select 1 from leads x where x.organization_id = p_organization_id
                             and x.profile_url = l.profile_url and (x.is_excluded or x.should_skip)),
              'ownerProfileId', pp.owner_profile_id, 'ownerCampaignId', pp.owner_campaign_id) end,
            'ownerCampaignStatus', oc.status,
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
        from (
          select d.*, a.rank from (
            select x.action, x.rank, array_agg(p.campaign_id) as campaigns
              from unnest(p_priority) with ordinality as x(action, rank)
              join unnest(p_campaigns, p_actions) as p(campaign_id, action) on p.action = x.action
             group by x.action, x.rank) a
          cross join lateral (
            select u.* from (
              (select t.*, t.xmin::text as version from campaign_tasks t
                where t.profile_id = p_profile_id and t.action = a.action and t.status = 'pending'
                  and t.due_at <= p_now and t.campaign_id = any(a.campaigns) and t.id <> all(p_seen)
                order by t.due_at, t.id limit p_per_action)
              union all
              (select t.*, t.xmin::text as version from campaign_tasks t
                where t.profile_id = p_profile_id and t.action = a.action and t.status in ('claimed', 'started')
                  and t.lease_until <= p_now and t.campaign_id = any(a.campaigns) and t.id <> all(p_seen)
                order by t.due_at, t.id limit p_per_action)
            ) u order by u.due_at, u.id limit p_per_action) d
          order by a.rank, d.due_at, d.id limit p_limit) c
        left join leads l on l.id = c.lead_id
        left join people pp on pp.organization_id = p_organization_id and pp.profile_url = l.profile_url
        left join campaigns oc on oc.id = pp.owner_campaign_id);
    end $$`);

  // The claim's look: the profile (its row locked when p_lock) with its row version, the licence,
  // the traffic, its running campaigns, its claims per action since p_day_start, and the first
  // p_per_action due tasks of each action over all its running campaigns.
  await knex.raw(CLAIM_LOOK);

  // The claim's write (claim-sql.ts ClaimCommit, in snake case): only if the profile's row and the
  // tasks decided on are the versions the look read (else answers ok false, having written
  // nothing); claims the people, and if one gets another owner than the claim expected, undoes it
  // all (error RC001); skips the dead tasks, leases the task, updates the profile, writes the log
  // rows; and when nothing is leased, reads when the first pending task of the allowed pairs falls
  // due and which blocked pairs hold due work.
  await knex.raw(CLAIM_WRITE);

  // A plain done report (done-outcome.ts): only if the task is still the lease the report quotes
  // (else answers done false, having written nothing). The task is done; a sent request's flag and
  // what the page showed of the message button go on the lead's rows; the log row; and what the
  // answer and the pushes need: the profile's next action, pause and zone, the run's stats today.
  await knex.raw(TASK_DONE);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function if exists reachly_task_done(jsonb)');
  await knex.raw('drop function if exists reachly_claim_write(jsonb)');
  await knex.raw(
    'drop function if exists reachly_claim_look(int, int, timestamptz, timestamptz, text[], int, boolean)',
  );
  await knex.raw(
    'drop function if exists reachly_claim_tasks(int, int, timestamptz, timestamptz, text[], int[], text[], bigint[], int, int)',
  );
  await knex.raw('drop index if exists campaign_tasks_done_by_profile');
  await knex.raw('drop index if exists campaign_tasks_pending_by_action');
}
