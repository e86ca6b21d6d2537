import type {
  InboxConversation,
  InboxListResponse,
  InboxQuery,
  InboxThread,
  ManualMessage,
  SendManualMessageBody,
  UpdateInboxConversationBody,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { toCount } from '../../db/knex.ts';
import { likePattern } from '../../db/sql.ts';
import { type Tables, table } from '../../db/tables.ts';
import { accountHold } from '../../engine/profile-hold.ts';
import { badRequest, conflict, HttpError, notFound } from '../../errors.ts';
import { type ConversationRow, toConversation } from '../conversations/cards.ts';
import { conversationWithMessages } from '../conversations/detail.ts';
import { tenant } from '../tenancy.ts';

/**
 * The inbox (issue 17): the organisation's conversations (the funnel board's cards, the same rows)
 * newest activity first, read and done state, assignment, the AI pause, and the replies people
 * write (manual_messages, sent by the profile's browser: engine/manual-messages.ts).
 *
 * Unread: the lead wrote (last_inbound_at, kept by a trigger) after the conversation was last read.
 * Done: marked done and the lead has not written since; the `open` view leaves those out.
 */

/** The profile's browser sends nothing while these hold (the claim's holds, engine/profile-hold.ts). */
export const INBOX_NO_LICENCE_MESSAGE =
  'Sending from the inbox needs a valid licence: your licence has expired or there is none. Renew it to send.';
export const INBOX_NO_TRAFFIC_MESSAGE =
  "This profile uses Reachly's proxy and your traffic has run out. Buy traffic to send from it.";

/** Why the profile cannot send a person's message now (402), or null. */
async function sendRefusal(trx: Knex.Transaction, organizationId: number, profileId: number, now: Date) {
  const row = (
    await trx.raw(
      `select p.proxy_source, l.license_till, t.traffic_limit, t.used_traffic
         from profiles p
         left join licences l on l.organization_id = p.organization_id
         left join traffic_allowances t on t.organization_id = p.organization_id
        where p.id = ? and p.organization_id = ?`,
      [profileId, organizationId],
    )
  ).rows[0] as
    | {
        proxy_source: Tables['profiles']['proxy_source'];
        license_till: Date | string | null;
        traffic_limit: string | number | null;
        used_traffic: string | number | null;
      }
    | undefined;
  if (!row) return null;
  const hold = accountHold(
    {
      licenseTill: row.license_till,
      proxySource: row.proxy_source,
      trafficLimit: row.traffic_limit,
      usedTraffic: row.used_traffic,
    },
    now,
  );
  return hold === 'licence-expired'
    ? INBOX_NO_LICENCE_MESSAGE
    : hold === 'traffic-ended'
      ? INBOX_NO_TRAFFIC_MESSAGE
      : null;
}

const ACTIVITY = 'coalesce(c.last_message_at, c.created_at)';
const UNREAD = '(c.last_inbound_at is not null and (c.read_at is null or c.last_inbound_at > c.read_at))';
const DONE = '(c.done_at is not null and (c.last_inbound_at is null or c.last_inbound_at <= c.done_at))';

interface InboxRow {
  id: number;
  lead_id: number;
  profile_id: number | null;
  collection_id: number;
  status: Tables['conversations']['status'];
  order: number;
  status_update_date: Date | string | null;
  last_message: string | null;
  last_message_at: Date | string | null;
  contact_on: string | null;
  needs_person: string | null;
  note: string | null;
  assigned_user_id: number | null;
  ai_paused_at: Date | string | null;
  last_inbound_at: Date | string | null;
  name: string | null;
  avatar_url: string | null;
  profile_url: string;
  profile_name: string | null;
  campaign_id: number | null;
  campaign_name: string | null;
  unread: boolean;
  done: boolean;
  activity_us: string | number;
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

function toInboxConversation(row: InboxRow): InboxConversation {
  return {
    // The board's card, as the board reads it: the inbox and the funnel show the same conversation.
    ...toConversation(row as unknown as ConversationRow),
    profileName: row.profile_name,
    campaignId: row.campaign_id,
    campaignName: row.campaign_name,
    leadProfileUrl: row.profile_url,
    unread: Boolean(row.unread),
    done: Boolean(row.done),
    assignedUserId: row.assigned_user_id,
    aiPaused: row.ai_paused_at !== null,
    lastInboundAt: iso(row.last_inbound_at),
  };
}

function toManualMessage(row: Tables['manual_messages']): ManualMessage {
  return {
    id: Number(row.id),
    conversationId: row.conversation_id,
    text: row.text,
    status: row.status,
    error: row.error,
    outsideWorkingHours: row.outside_working_hours,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
    sentAt: iso(row.sent_at),
    messageId: row.message_id,
  };
}

/** The organisation's conversations with what the inbox shows of each, nothing filtered yet. */
function inboxRows(db: Knex | Knex.Transaction, organizationId: number): Knex.QueryBuilder {
  return db({ c: 'conversations' })
    .join({ l: 'leads' }, 'l.id', 'c.lead_id')
    .leftJoin({ p: 'profiles' }, 'p.id', 'c.profile_id')
    .joinRaw(
      `left join lateral (
         select t.campaign_id, cp.name as campaign_name from campaign_tasks t
           join campaigns cp on cp.id = t.campaign_id
          where t.lead_id = c.lead_id and t.profile_id = c.profile_id
          order by t.id desc limit 1) k on true`,
    )
    .where('c.organization_id', organizationId)
    .select(
      'c.id',
      'c.lead_id',
      'c.profile_id',
      'c.collection_id',
      'c.status',
      'c.order',
      'c.status_update_date',
      'c.last_message',
      'c.last_message_at',
      'c.contact_on',
      'c.needs_person',
      'c.note',
      'c.assigned_user_id',
      'c.ai_paused_at',
      'c.last_inbound_at',
      'l.name',
      'l.avatar_url',
      'l.profile_url',
      'p.name as profile_name',
      'k.campaign_id',
      'k.campaign_name',
      db.raw(`${UNREAD} as unread`),
      db.raw(`${DONE} as done`),
      db.raw(`floor(extract(epoch from ${ACTIVITY}) * 1000000)::bigint as activity_us`),
    );
}

export function createInboxService({ db }: { db: Knex }) {
  async function one(organizationId: number, id: number): Promise<InboxConversation> {
    const row: InboxRow | undefined = await inboxRows(db, organizationId).where('c.id', id).first();
    if (!row) throw notFound(`Conversation ${id} not found.`);
    return toInboxConversation(row);
  }

  async function list(organizationId: number, userId: number, query: InboxQuery): Promise<InboxListResponse> {
    const t = tenant(db, organizationId);
    if (query.campaignId !== undefined) await t.findOwned('campaigns', query.campaignId, 'Campaign');
    if (query.profileId !== undefined) await t.findOwned('profiles', query.profileId, 'Profile');
    const q = inboxRows(db, organizationId);
    if (query.view === 'open') q.whereRaw(`not ${DONE}`);
    if (query.view === 'done') q.whereRaw(DONE);
    if (query.status) q.where('c.status', query.status);
    if (query.profileId !== undefined) q.where('c.profile_id', query.profileId);
    if (query.campaignId !== undefined) {
      q.whereExists((sub) =>
        sub
          .select(db.raw('1'))
          .from('campaign_tasks as t')
          .whereRaw('t.lead_id = c.lead_id and t.profile_id = c.profile_id')
          .andWhere('t.campaign_id', query.campaignId as number),
      );
    }
    if (query.unread === true) q.whereRaw(UNREAD);
    if (query.unread === false) q.whereRaw(`not ${UNREAD}`);
    if (query.assignedToMe === true) q.where('c.assigned_user_id', userId);
    if (query.search) {
      const pattern = likePattern(query.search);
      // The lead's name or link, the last message, or any message of the thread.
      const SEARCHED = ['l.name', 'l.profile_url', 'c.last_message'];
      q.where((w) =>
        SEARCHED.reduce(
          (all, column) => all.orWhereRaw(`${column} ilike ? escape '\\'`, [pattern]),
          w,
        ).orWhereExists((sub) =>
          sub
            .select(db.raw('1'))
            .from('conversation_messages as cm')
            .whereRaw('cm.conversation_id = c.id')
            .andWhereRaw(`cm.text ilike ? escape '\\'`, [pattern]),
        ),
      );
    }
    if (query.cursor) {
      const [micros, id] = query.cursor.split('_');
      q.whereRaw(`(${ACTIVITY}, c.id) < (timestamptz 'epoch' + ?::bigint * interval '1 microsecond', ?)`, [
        micros as string,
        Number(id),
      ]);
    }
    const [rows, unread] = await Promise.all([
      q.orderByRaw(`${ACTIVITY} desc, c.id desc`).limit(query.limit + 1) as Promise<InboxRow[]>,
      db({ c: 'conversations' })
        .where('c.organization_id', organizationId)
        .whereRaw(UNREAD)
        .count({ n: '*' })
        .first() as Promise<{ n: unknown } | undefined>,
    ]);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      conversations: page.map(toInboxConversation),
      nextCursor: rows.length > query.limit && last ? `${String(last.activity_us)}_${last.id}` : null,
      unreadCount: toCount(unread?.n ?? 0),
    };
  }

  async function thread(organizationId: number, id: number): Promise<InboxThread> {
    const conversation = await one(organizationId, id);
    const [{ messages }, outbox] = await Promise.all([
      conversationWithMessages(tenant(db, organizationId), id),
      table(db, 'manual_messages')
        .where({ conversation_id: id, organization_id: organizationId })
        .orderBy('id'),
    ]);
    return { ...conversation, messages, outbox: outbox.map(toManualMessage) };
  }

  async function update(
    organizationId: number,
    id: number,
    body: UpdateInboxConversationBody,
    now: Date,
  ): Promise<InboxConversation> {
    const t = tenant(db, organizationId);
    await t.findOwned('conversations', id, 'Conversation');
    if (body.assignedUserId !== undefined && body.assignedUserId !== null) {
      const member = await table(db, 'organization_members')
        .where({ organization_id: organizationId, user_id: body.assignedUserId })
        .first('user_id');
      if (!member) {
        throw badRequest(`User ${body.assignedUserId} is not a member of this organisation.`, {
          field: 'assignedUserId',
        });
      }
    }
    const set: Partial<Tables['conversations']> = {};
    if (body.read !== undefined) set.read_at = body.read ? now : null;
    if (body.done !== undefined) {
      set.done_at = body.done ? now : null;
      // Done is read: what is archived needs nobody's eyes.
      if (body.done) set.read_at = now;
    }
    if (body.assignedUserId !== undefined) set.assigned_user_id = body.assignedUserId;
    if (body.aiPaused !== undefined) set.ai_paused_at = body.aiPaused ? now : null;
    await table(db, 'conversations').where({ id, organization_id: organizationId }).update(set);
    return one(organizationId, id);
  }

  /**
   * Queues a person's reply for the conversation's profile to send (before its campaign work):
   * the conversation is read, open again, and its AI replies pause (pending ones are cancelled)
   * until the person resumes them.
   */
  async function send(
    organizationId: number,
    userId: number,
    id: number,
    body: SendManualMessageBody,
    now: Date,
  ): Promise<{ message: ManualMessage; profileId: number }> {
    return db.transaction(async (trx) => {
      const conversation = await table(trx, 'conversations')
        .where({ id, organization_id: organizationId })
        .forUpdate()
        .first('id', 'lead_id', 'profile_id', 'ai_paused_at');
      if (!conversation) throw notFound(`Conversation ${id} not found.`);
      if (conversation.profile_id === null) {
        throw badRequest('This conversation has no profile to send from (its profile was deleted).');
      }
      const refusal = await sendRefusal(trx, organizationId, conversation.profile_id, now);
      if (refusal) throw new HttpError('PAYMENT_REQUIRED', refusal);
      const [row] = await table(trx, 'manual_messages')
        .insert({
          organization_id: organizationId,
          conversation_id: id,
          profile_id: conversation.profile_id,
          created_by: userId,
          text: body.text,
          outside_working_hours: body.outsideWorkingHours,
          created_at: now,
        })
        .returning('*');
      if (!row) throw new Error('insert returned no manual message');
      await table(trx, 'conversations')
        .where({ id })
        .update({ read_at: now, done_at: null, ai_paused_at: conversation.ai_paused_at ?? now });
      await trx('campaign_tasks')
        .where({ lead_id: conversation.lead_id, profile_id: conversation.profile_id, action: 'aiReply' })
        .whereIn('status', ['pending'])
        .update({ status: 'cancelled', finished_at: now });
      return { message: toManualMessage(row), profileId: conversation.profile_id };
    });
  }

  /** A failed reply queued again as it was (one more attempt); 409 unless it failed. */
  async function retry(
    organizationId: number,
    id: number,
    now: Date,
  ): Promise<{ message: ManualMessage; profileId: number }> {
    return db.transaction(async (trx) => {
      const row = await table(trx, 'manual_messages')
        .where({ id, organization_id: organizationId })
        .forUpdate()
        .first();
      if (!row) throw notFound(`Message ${id} not found.`);
      if (row.status !== 'failed') {
        throw conflict(`Only a failed message can be sent again; this one is ${row.status}.`);
      }
      const refusal = await sendRefusal(trx, organizationId, row.profile_id, now);
      if (refusal) throw new HttpError('PAYMENT_REQUIRED', refusal);
      const [queued] = await table(trx, 'manual_messages')
        .where({ id })
        .update({ status: 'queued', error: null, lease_until: null })
        .returning('*');
      if (!queued) throw new Error('update returned no manual message');
      return { message: toManualMessage(queued), profileId: row.profile_id };
    });
  }

  return { list, thread, update, send, retry };
}

export type InboxService = ReturnType<typeof createInboxService>;
