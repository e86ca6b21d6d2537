import { randomBytes } from 'node:crypto';
import type { WebhookEventType } from '@reachly/shared/schemas';
import type { Knex } from 'knex';

/** A new Standard Webhooks message id (`webhook-id`), unique across the deployment. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

export interface WebhookEventWrite {
  organizationId: number;
  type: WebhookEventType;
  data: Record<string, unknown>;
  /** When it happened (the engine's clock). */
  at: Date;
  /** Events of one conversation reach an endpoint in order (`conversation:<id>`). */
  orderingKey?: string;
  /** Writes the event once per key in the organisation (a licence's end, traffic running out). */
  dedupeKey?: string;
  /** Adds `lead: {id, name, profileUrl}` to the data, read in the same statement. */
  leadId?: number;
  /** Its deliveries wait until then (default: at once): a held event (see recordReplied). */
  deliverAt?: Date;
}

/** The ordering key of a conversation's events. */
export const conversationKey = (conversationId: number) => `conversation:${conversationId}`;

/**
 * The outbox write (docs/decisions.md "Webhooks: an outbox"): call it with the transaction of the
 * change that caused the event, so the event exists exactly when the change does. One statement:
 * the event is written only when an enabled endpoint of the organisation subscribes to its type,
 * with a pending delivery to each such endpoint. (An organisation with no endpoint pays one indexed
 * look-up per event.)
 */
export async function recordWebhookEvent(
  db: Knex | Knex.Transaction,
  event: WebhookEventWrite,
): Promise<void> {
  await db.raw(
    `with subscribers as (
       select id from webhook_endpoints
       where organization_id = :org and enabled and events @> :typeJson::jsonb
     ), ev as (
       insert into webhook_events (message_id, organization_id, type, ordering_key, dedupe_key, data, created_at)
       select :messageId, :org, :type, :orderingKey, :dedupeKey,
              :data::jsonb || coalesce((
                select jsonb_build_object('lead', jsonb_build_object('id', l.id, 'name', l.name, 'profileUrl', l.profile_url))
                from leads l where l.id = :leadId::integer and l.organization_id = :org
              ), '{}'::jsonb),
              :at
       where exists (select 1 from subscribers)
       on conflict (organization_id, dedupe_key) do nothing
       returning id, ordering_key
     )
     insert into webhook_deliveries
       (organization_id, endpoint_id, event_id, ordering_key, status, attempts, next_attempt_at, created_at)
     select :org, s.id, ev.id, ev.ordering_key, 'pending', 0, :deliverAt, :at from ev cross join subscribers s`,
    {
      org: event.organizationId,
      typeJson: JSON.stringify([event.type]),
      messageId: newMessageId(),
      type: event.type,
      orderingKey: event.orderingKey ?? null,
      dedupeKey: event.dedupeKey ?? null,
      data: JSON.stringify(event.data),
      leadId: event.leadId ?? null,
      at: event.at,
      deliverAt: event.deliverAt ?? event.at,
    },
  );
}

/** `lead.status_changed`: a conversation card moved to another funnel column, by a person or the engine. */
export function recordStatusChanged(
  db: Knex | Knex.Transaction,
  change: {
    organizationId: number;
    conversationId: number;
    leadId: number;
    profileId: number | null;
    from: string;
    to: string;
    by: 'person' | 'engine';
    at: Date;
  },
): Promise<void> {
  return recordWebhookEvent(db, {
    organizationId: change.organizationId,
    type: 'lead.status_changed',
    data: {
      conversationId: change.conversationId,
      profileId: change.profileId,
      from: change.from,
      to: change.to,
      changedBy: change.by,
    },
    at: change.at,
    orderingKey: conversationKey(change.conversationId),
    leadId: change.leadId,
  });
}

/** A lead's message as `lead.replied` carries it. */
export interface RepliedEvent {
  organizationId: number;
  conversationId: number;
  leadId: number;
  profileId: number;
  campaignId: number | null;
  text: string;
  intent: string | null;
  at: Date;
}

/**
 * How long a `lead.replied` waits for the AI step's reading before it goes out without one: the
 * event is written with the message (held), and released with the intent once the reply is read
 * (releaseReplied). A server that dies in between, or an AI provider that fails, delays it by this
 * much; it is never lost.
 */
export const REPLIED_HOLD_MS = 5 * 60_000;

const repliedKey = (messageId: number) => `lead.replied:${messageId}`;

/** `lead.replied`: a lead's message, with the intent the AI step classified it as (null when none did). */
export function recordReplied(
  db: Knex | Knex.Transaction,
  reply: RepliedEvent,
  { heldFor }: { heldFor?: number } = {},
): Promise<void> {
  return recordWebhookEvent(db, {
    organizationId: reply.organizationId,
    type: 'lead.replied',
    data: {
      conversationId: reply.conversationId,
      profileId: reply.profileId,
      campaignId: reply.campaignId,
      text: reply.text,
      intent: reply.intent,
    },
    at: reply.at,
    orderingKey: conversationKey(reply.conversationId),
    leadId: reply.leadId,
    ...(heldFor === undefined
      ? {}
      : { dedupeKey: repliedKey(heldFor), deliverAt: new Date(reply.at.getTime() + REPLIED_HOLD_MS) }),
  });
}

/**
 * The held `lead.replied` of message `messageId` goes out now, with the intent read (null when none
 * was). Deliveries already tried (the hold ran out first) are left as they are.
 */
export async function releaseReplied(
  db: Knex | Knex.Transaction,
  release: { organizationId: number; messageId: number; intent: string | null; now: Date },
): Promise<void> {
  await db.raw(
    `with ev as (
       update webhook_events set data = jsonb_set(data, '{intent}', to_jsonb(:intent::text))
        where organization_id = :org and dedupe_key = :key
          -- An event some endpoint has already been sent keeps its body: the same id, the same data.
          and not exists (select 1 from webhook_deliveries x where x.event_id = webhook_events.id and x.attempts > 0)
        returning id
     )
     update webhook_deliveries d set next_attempt_at = :now
       from ev where d.event_id = ev.id and d.attempts = 0 and d.status = 'pending'`,
    {
      org: release.organizationId,
      key: repliedKey(release.messageId),
      intent: release.intent,
      now: release.now,
    },
  );
}

/** The campaign event of each status a campaign can move to (a stop finishes it: it cannot run on). */
const CAMPAIGN_EVENTS: Partial<Record<string, WebhookEventType>> = {
  running: 'campaign.started',
  paused: 'campaign.paused',
  stopped: 'campaign.finished',
  finished: 'campaign.finished',
};

/** `campaign.started` / `.paused` / `.finished` when a campaign's status changed. */
export async function recordCampaignStatus(
  db: Knex | Knex.Transaction,
  organizationId: number,
  campaign: { id: number; name: string; status: string },
  previous: string,
  at: Date,
): Promise<void> {
  const type = CAMPAIGN_EVENTS[campaign.status];
  if (!type || campaign.status === previous) return;
  await recordWebhookEvent(db, {
    organizationId,
    type,
    data: { campaignId: campaign.id, name: campaign.name, status: campaign.status, previousStatus: previous },
    at,
  });
}

/**
 * `traffic.ran_out`, in the transaction that charged `charged` bytes: written when this charge took
 * the organisation's remaining traffic from above zero to zero or below.
 */
export async function recordTrafficRanOut(
  trx: Knex.Transaction,
  organizationId: number,
  charged: bigint,
  at: Date,
): Promise<void> {
  const row = (await trx('traffic_allowances')
    .where({ organization_id: organizationId })
    .first('traffic_limit', 'used_traffic')) as {
    traffic_limit: number | string;
    used_traffic: number | string;
  };
  const limit = BigInt(row.traffic_limit);
  const used = BigInt(row.used_traffic);
  if (used < limit || used - charged >= limit) return;
  await recordWebhookEvent(trx, {
    organizationId,
    type: 'traffic.ran_out',
    data: { trafficLimit: limit.toString(), usedTraffic: used.toString() },
    at,
  });
}
