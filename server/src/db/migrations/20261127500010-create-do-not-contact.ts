import type { Knex } from 'knex';

/**
 * The organisation's do-not-contact list (issue 17; docs/decisions.md "Do-not-contact list"): its
 * entries, and the rule of what an entry matches in the database (the same rule as
 * shared/src/logic/do-not-contact.ts; server/test/do-not-contact.test.ts holds the two together):
 *
 * - reachly_dnc_text(text): match text, lower case with every run of ASCII punctuation, spaces,
 *   tabs or line ends made one space, trimmed;
 * - reachly_dnc_entry(organisation, profile URL, name, fields): the first entry matching the lead
 *   (null for none): one index probe per kind on (organization_id, kind, value), and the keywords
 *   of the organisation looked for as whole words in the name and every imported column.
 *
 * The planner leaves listed leads out (it records their first contact as skipped), the claim's read
 * (reachly_claim_tasks, replaced here with one more condition in the person's offLimits) answers a
 * listed lead's task off-limits, and adding an entry skips pending tasks of matching leads.
 */
/**
 * The claim's read of due tasks as this migration made it (the leaner claim's down, 20261129100010,
 * makes it again from this, then the rewrites of 20261127700010 and 20261127800010).
 */
export const CLAIM_TASKS = `
    create or replace function reachly_claim_tasks(
      p_organization_id int, p_profile_id int, p_now timestamptz, p_day_start timestamptz,
      p_priority text[], p_campaigns int[], p_actions text[], p_seen bigint[], p_per_action int, p_limit int
    ) returns json language plpgsql stable
    set plan_cache_mode = force_generic_plan as $$
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
                             and x.profile_url = l.profile_url and (x.is_excluded or x.should_skip))
                or reachly_dnc_entry(p_organization_id, l.profile_url,
                     coalesce(nullif(btrim(l.name), ''), concat_ws(' ', l.first_name, l.last_name)),
                     to_jsonb(l) -> 'fields') is not null,
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
    end $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('do_not_contact_entries', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.text('value').notNullable();
    t.text('note').notNullable().defaultTo('');
    t.integer('added_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['organization_id', 'kind', 'value']);
  });
  await knex.raw(`alter table do_not_contact_entries add constraint do_not_contact_entries_kind
    check (kind in ('profileUrl', 'networkId', 'name', 'company', 'keyword'))`);
  // The page lists an organisation's entries newest first.
  await knex.raw(
    'create index do_not_contact_entries_newest on do_not_contact_entries (organization_id, id desc)',
  );

  await knex.raw(String.raw`
    create function reachly_dnc_text(p text) returns text language sql immutable parallel safe as $$
      select btrim(regexp_replace(lower(coalesce(p, '')), '[\t\n\r\x20-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]+', ' ', 'g'))
    $$`);
  await knex.raw(`
    create function reachly_dnc_entry(p_organization_id int, p_profile_url text, p_name text, p_fields jsonb)
    returns int language sql stable parallel safe as $$
      select least(
        (select e.id from do_not_contact_entries e where e.organization_id = p_organization_id
            and e.kind = 'profileUrl' and e.value = p_profile_url),
        (select e.id from do_not_contact_entries e where e.organization_id = p_organization_id
            and e.kind = 'networkId' and e.value = lower(regexp_replace(p_profile_url, '^.*[/=]', ''))),
        (select e.id from do_not_contact_entries e where e.organization_id = p_organization_id
            and e.kind = 'name' and e.value = reachly_dnc_text(p_name)),
        (select e.id from do_not_contact_entries e where e.organization_id = p_organization_id
            and e.kind = 'company' and e.value = (
              select reachly_dnc_text(f.value) from jsonb_each_text(coalesce(p_fields, '{}')) f
               where lower(btrim(f.key)) = 'company' limit 1)),
        (select min(e.id) from do_not_contact_entries e where e.organization_id = p_organization_id
            and e.kind = 'keyword'
            and position(' ' || e.value || ' ' in ' ' || reachly_dnc_text(concat_ws(' ', p_name,
                  (select string_agg(f.value, ' ') from jsonb_each_text(coalesce(p_fields, '{}')) f))) || ' ') > 0))
    $$`);

  // The claim's read of due tasks, as in migration 20261127000100 (with the generic plan of
  // 20261127000300), and a lead on the do-not-contact list counts as off-limits. The lead's
  // imported columns are read as to_jsonb(l) -> 'fields', null while leads have no such column.
  await knex.raw(CLAIM_TASKS);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function reachly_claim_tasks(
      p_organization_id int, p_profile_id int, p_now timestamptz, p_day_start timestamptz,
      p_priority text[], p_campaigns int[], p_actions text[], p_seen bigint[], p_per_action int, p_limit int
    ) returns json language plpgsql stable
    set plan_cache_mode = force_generic_plan as $$
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
  await knex.raw('drop function reachly_dnc_entry(int, text, text, jsonb)');
  await knex.raw('drop function reachly_dnc_text(text)');
  await knex.schema.dropTable('do_not_contact_entries');
}
