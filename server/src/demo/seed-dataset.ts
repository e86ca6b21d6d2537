import type { Knex } from 'knex';
import type { ProfilesService } from '../services/profiles-service.ts';
import { recordFunnelMoves } from '../services/reports/funnel-moves.ts';
import type { SampleDataset } from './sample-types.ts';

/**
 * The organisation's own rows the demo writes and a reset wipes, children first (every foreign key
 * cascades or nulls, so the order only keeps the deletes small). The organisation, its member, its
 * licence and traffic stay.
 */
const DEMO_DATA_TABLES = [
  'campaign_logs',
  'campaign_tasks',
  'campaign_profiles',
  'campaigns',
  'conversation_messages',
  'funnel_moves',
  'conversations',
  'people',
  'leads',
  'lead_counts',
  'collections',
  'profile_cookies',
  'machine_data',
  'profiles',
] as const;

/** Removes the organisation's demo data (see DEMO_DATA_TABLES). */
export async function wipeDemoData(trx: Knex.Transaction, organizationId: number): Promise<void> {
  for (const table of DEMO_DATA_TABLES) {
    await trx(table).where({ organization_id: organizationId }).delete();
  }
}

const idsByKey = <K>(rows: { id: unknown }[], key: (row: never, i: number) => K) =>
  new Map(rows.map((row, i) => [key(row as never, i), Number(row.id)]));

function need(map: Map<number, number>, id: number | null): number | null {
  if (id === null) return null;
  const mapped = map.get(id);
  if (mapped === undefined) throw new Error(`demo seed: no row for sample id ${id}`);
  return mapped;
}

/**
 * Writes the sample dataset into an organisation: the profiles through the profiles service (it
 * seals the proxy passwords and judges readiness), everything else in one transaction, each
 * sample id mapped to the row inserted for it.
 */
export async function writeSampleDataset(
  { db, profiles }: { db: Knex; profiles: ProfilesService },
  organizationId: number,
  data: SampleDataset,
): Promise<void> {
  const organization_id = organizationId;
  const createdProfiles = await profiles.createMany(
    organizationId,
    data.profiles.map((p) => p.body),
  );
  const profileIds = new Map(data.profiles.map((p, i) => [p.id, Number(createdProfiles[i]?.id)]));

  await db.transaction(async (trx) => {
    for (const sample of data.profiles) {
      const pause = data.profilePauses.find((p) => p.profileId === sample.id);
      await trx('profiles')
        .where({ id: need(profileIds, sample.id), organization_id })
        .update({
          created_at: sample.createdAt,
          updated_at: sample.updatedAt,
          paused_until: pause?.until ?? null,
          pause_reason: pause?.reason ?? null,
          last_pause_at: pause ? sample.updatedAt : null,
        });
    }

    const collectionRows = await trx('collections')
      .insert(data.collections.map((c) => ({ organization_id, name: c.name, created_at: c.createdAt })))
      .returning(['id', 'name']);
    const byName = idsByKey(collectionRows, (r: { name: string }) => r.name);
    const collectionIds = new Map(data.collections.map((c) => [c.id, byName.get(c.name) ?? -1]));

    const acceptedAt = new Map<number, string>();
    for (const task of data.campaignTasks) {
      if (task.leadId !== null && task.acceptedAt) acceptedAt.set(task.leadId, task.acceptedAt);
    }
    const leadRows = await trx('leads')
      .insert(
        data.leads.map((l) => ({
          organization_id,
          collection_id: need(collectionIds, l.collectionId),
          profile_url: l.profileUrl,
          name: l.name,
          first_name: l.firstName,
          last_name: l.lastName,
          has_message_button: l.hasMessageButton,
          is_excluded: l.isExcluded,
          should_skip: l.shouldSkip,
          source: l.source,
          friend_request_sent_at: l.friendRequestSentAt,
          message_sent_at: l.messageSentAt,
          friend_accepted_at: acceptedAt.get(l.id) ?? null,
          created_at: l.createdAt,
        })),
      )
      .returning(['id', 'profile_url']);
    const byUrl = idsByKey(leadRows, (r: { profile_url: string }) => r.profile_url);
    const leadIds = new Map(data.leads.map((l) => [l.id, byUrl.get(l.profileUrl) ?? -1]));

    const conversationRows = await trx('conversations')
      .insert(
        data.conversations.map((c) => ({
          organization_id,
          lead_id: need(leadIds, c.leadId),
          profile_id: need(profileIds, c.profileId),
          collection_id: need(collectionIds, c.collectionId),
          status: c.status,
          order: c.order,
          status_update_date: c.statusUpdateDate,
          last_message: c.lastMessage,
          last_message_at: c.lastMessageAt,
          contact_on: c.contactOn,
          needs_person: c.needsPerson,
          note: c.note,
          created_at: c.messages[0]?.sentAt ?? c.lastMessageAt ?? new Date(0).toISOString(),
        })),
      )
      .returning(['id', 'lead_id']);
    const byLead = idsByKey(conversationRows, (r: { lead_id: number }) => Number(r.lead_id));
    // The funnel's history: each sample card entered its column at its status date (no move before).
    await recordFunnelMoves(
      trx,
      data.conversations.map((c) => ({
        organizationId,
        conversationId: byLead.get(need(leadIds, c.leadId) ?? -1) ?? -1,
        from: null,
        to: c.status,
        by: 'import',
        at: new Date(c.statusUpdateDate ?? c.lastMessageAt ?? 0),
      })),
    );
    const messages = data.conversations.flatMap((c) =>
      c.messages.map((m) => ({
        organization_id,
        conversation_id: byLead.get(need(leadIds, c.leadId) ?? -1),
        direction: m.direction,
        text: m.text,
        sent_at: m.sentAt,
      })),
    );
    if (messages.length) await trx('conversation_messages').insert(messages);

    const campaignIds = new Map<number, number>();
    for (const c of data.campaigns) {
      const settings = {
        steps: c.steps,
        dailyCaps: c.dailyCaps,
        workingHours: c.workingHours,
        gapSeconds: c.gapSeconds,
      };
      const [row] = await trx('campaigns')
        .insert({
          organization_id,
          collection_id: need(collectionIds, c.collectionId),
          name: c.name,
          status: c.status,
          settings: JSON.stringify(settings),
          created_at: c.createdAt,
          updated_at: c.updatedAt,
        })
        .returning('id');
      const id = Number((row as { id: unknown }).id);
      campaignIds.set(c.id, id);
      if (c.profileIds.length) {
        await trx('campaign_profiles').insert(
          c.profileIds.map((p) => ({ organization_id, campaign_id: id, profile_id: need(profileIds, p) })),
        );
      }
    }

    const tasks = data.campaignTasks.map((t) => ({
      organization_id,
      campaign_id: need(campaignIds, t.campaignId),
      profile_id: need(profileIds, t.profileId),
      lead_id: need(leadIds, t.leadId),
      step_key: t.stepKey,
      action: t.action,
      status: 'done',
      attempts: 1,
      due_at: t.finishedAt,
      claimed_at: t.finishedAt,
      started_at: t.finishedAt,
      created_at: t.finishedAt,
      finished_at: t.finishedAt,
    }));
    const logs = data.campaignLogs.map((l) => ({
      organization_id,
      campaign_id: need(campaignIds, l.campaignId),
      profile_id: need(profileIds, l.profileId),
      lead_id: need(leadIds, l.leadId),
      type: l.type,
      message: l.message,
      created_at: l.createdAt,
    }));
    // In slices: one statement's bind parameters are limited.
    for (let i = 0; i < tasks.length; i += 500) await trx('campaign_tasks').insert(tasks.slice(i, i + 500));
    for (let i = 0; i < logs.length; i += 500) await trx('campaign_logs').insert(logs.slice(i, i + 500));
  });
}
