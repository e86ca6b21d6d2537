import {
  type CreatedWebhook,
  type CreateWebhookBody,
  type UpdateWebhookBody,
  WEBHOOK_TEST_EVENT_TYPE,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { type Tables, table } from '../../db/tables.ts';
import type { Clock } from '../../engine/clock.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { SecretBox } from '../secret-box.ts';
import { checkWebhookUrl, RefusedAddressError } from './address-guard.ts';
import { newMessageId, recordWebhookEvent } from './record-event.ts';
import { newWebhookSecret, PREVIOUS_SECRET_HOURS, secretContext } from './secrets.ts';
import { createWebhookWorker } from './worker.ts';

/** The deliveries the page and the API show per endpoint. */
const RECENT_DELIVERIES = 50;
/** How often (at most) the worker looks for licences that ran out. */
const LICENCE_SWEEP_MS = 60_000;

type EndpointRow = Tables['webhook_endpoints'];

interface DeliveryViewRow {
  id: number;
  message_id: string;
  type: string;
  status: WebhookDelivery['status'];
  attempts: number;
  response_status: number | null;
  latency_ms: number | null;
  response_snippet: string | null;
  error: string | null;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  created_at: Date;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    previousSecretExpiresAt: iso(row.previous_secret_expires_at),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

function toDelivery(row: DeliveryViewRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.message_id,
    eventType: row.type,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.response_status,
    latencyMs: row.latency_ms,
    responseSnippet: row.response_snippet,
    error: row.error,
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    lastAttemptAt: iso(row.last_attempt_at),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export interface WebhooksDeps {
  db: Knex;
  config: Config;
  clock: Clock;
  secretBox: SecretBox;
  logger: Logger;
  random?: () => number;
}

/**
 * Signed webhooks (docs/decisions.md "Webhooks"): the organisation's endpoints (secrets sealed,
 * shown once), their deliveries, a test event and redelivery, and the worker that sends the outbox.
 */
export function createWebhooksService({
  db,
  config,
  clock,
  secretBox,
  logger,
  random = Math.random,
}: WebhooksDeps) {
  const allowPrivate = config.WEBHOOKS_ALLOW_PRIVATE === '1';
  let lastSweep = Number.NEGATIVE_INFINITY;

  /** Licence ends are a time passing, not a write: the worker writes their event once per licence end. */
  async function sweepLicences(now: Date) {
    if (now.getTime() - lastSweep < LICENCE_SWEEP_MS) return;
    lastSweep = now.getTime();
    const ended = (await db('licences as l')
      .where('l.license_till', '<=', now)
      .andWhere('l.license_till', '>', new Date(now.getTime() - 86_400_000))
      .whereExists((q) =>
        q
          .select(1)
          .from('webhook_endpoints as e')
          .whereRaw('e.organization_id = l.organization_id and e.enabled and e.events @> ?::jsonb', [
            JSON.stringify(['licence.ran_out']),
          ]),
      )
      .select('l.organization_id', 'l.license_till', 'l.plan')) as {
      organization_id: number;
      license_till: Date;
      plan: string;
    }[];
    for (const row of ended) {
      const till = new Date(row.license_till).toISOString();
      await recordWebhookEvent(db, {
        organizationId: row.organization_id,
        type: 'licence.ran_out',
        data: { organizationId: row.organization_id, plan: row.plan, licenseTill: till },
        at: now,
        dedupeKey: `licence:${till}`,
      });
    }
  }

  const worker = createWebhookWorker({
    db,
    clock,
    secretBox,
    logger,
    random,
    timeoutMs: config.WEBHOOKS_TIMEOUT_MS,
    allowPrivate,
    intervalMs: config.WEBHOOKS_INTERVAL_MS,
    beforeRound: sweepLicences,
  });

  async function checkUrl(url: string) {
    try {
      await checkWebhookUrl(url, allowPrivate);
    } catch (error) {
      if (error instanceof RefusedAddressError) throw badRequest(error.message, { field: 'url' });
      throw error;
    }
  }

  /** 404 unless the organisation has endpoint `id` (as for an id that does not exist). */
  async function owned(organizationId: number, id: number): Promise<void> {
    const row = await table(db, 'webhook_endpoints')
      .where({ id, organization_id: organizationId })
      .first('id');
    if (!row) throw notFound(`Webhook endpoint ${id} not found.`);
  }

  async function list(organizationId: number) {
    const rows = await table(db, 'webhook_endpoints')
      .where({ organization_id: organizationId })
      .orderBy('id');
    return { endpoints: rows.map(toEndpoint) };
  }

  async function create(organizationId: number, body: CreateWebhookBody): Promise<CreatedWebhook> {
    await checkUrl(body.url);
    const secret = newWebhookSecret();
    const now = clock.now();
    const [row] = await table(db, 'webhook_endpoints')
      .insert({
        organization_id: organizationId,
        url: body.url,
        description: body.description,
        events: JSON.stringify(body.events) as unknown as string[],
        enabled: body.enabled,
        secret_sealed: secretBox.seal(secret, secretContext(organizationId)),
        created_at: now,
        updated_at: now,
      })
      .returning('*');
    if (!row) throw new Error('insert returned no endpoint');
    return { ...toEndpoint(row), secret };
  }

  async function update(organizationId: number, id: number, body: UpdateWebhookBody) {
    // Another organisation's id answers 404 before its new address is looked up.
    if (body.url !== undefined) {
      await owned(organizationId, id);
      await checkUrl(body.url);
    }
    const [row] = await table(db, 'webhook_endpoints')
      .where({ id, organization_id: organizationId })
      .update({
        ...(body.url === undefined ? {} : { url: body.url }),
        ...(body.description === undefined ? {} : { description: body.description }),
        ...(body.events === undefined ? {} : { events: JSON.stringify(body.events) as unknown as string[] }),
        ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
        updated_at: clock.now(),
      })
      .returning('*');
    if (!row) throw notFound(`Webhook endpoint ${id} not found.`);
    return toEndpoint(row);
  }

  async function remove(organizationId: number, id: number) {
    const [row] = await table(db, 'webhook_endpoints')
      .where({ id, organization_id: organizationId })
      .delete()
      .returning('id');
    if (!row) throw notFound(`Webhook endpoint ${id} not found.`);
    return { id };
  }

  /**
   * A new secret; the current one becomes the previous one, which signs too for
   * PREVIOUS_SECRET_HOURS. One statement: two rotations at once cannot both keep the same previous.
   */
  async function rotateSecret(organizationId: number, id: number) {
    const secret = newWebhookSecret();
    const expires = new Date(clock.now().getTime() + PREVIOUS_SECRET_HOURS * 3600_000);
    const [row] = await table(db, 'webhook_endpoints')
      .where({ id, organization_id: organizationId })
      .update({
        secret_sealed: secretBox.seal(secret, secretContext(organizationId)),
        previous_secret_sealed: db.ref('secret_sealed') as unknown as string,
        previous_secret_expires_at: expires,
        updated_at: clock.now(),
      })
      .returning('id');
    if (!row) throw notFound(`Webhook endpoint ${id} not found.`);
    return { secret, previousSecretExpiresAt: expires.toISOString() };
  }

  function deliveryQuery(organizationId: number) {
    return db('webhook_deliveries as d')
      .join('webhook_events as ev', 'ev.id', 'd.event_id')
      .where('d.organization_id', organizationId)
      .select<DeliveryViewRow[]>(
        'd.id',
        'ev.message_id',
        'ev.type',
        'd.status',
        'd.attempts',
        'd.response_status',
        'd.latency_ms',
        'd.response_snippet',
        'd.error',
        'd.next_attempt_at',
        'd.last_attempt_at',
        'd.created_at',
      );
  }

  async function deliveryView(organizationId: number, deliveryId: number): Promise<WebhookDelivery> {
    const [row] = await deliveryQuery(organizationId).andWhere('d.id', deliveryId);
    if (!row) throw notFound(`Delivery ${deliveryId} not found.`);
    return toDelivery(row);
  }

  async function deliveries(organizationId: number, id: number) {
    await owned(organizationId, id);
    const rows = await deliveryQuery(organizationId)
      .andWhere('d.endpoint_id', id)
      .orderBy('d.id', 'desc')
      .limit(RECENT_DELIVERIES);
    return { deliveries: rows.map(toDelivery) };
  }

  /** A pending delivery of the event to the endpoint, due now (the caller then pokes the worker). */
  async function queueDelivery(
    trx: Knex | Knex.Transaction,
    organizationId: number,
    endpointId: number,
    event: { id: number | string; ordering_key: string | null },
  ) {
    const now = clock.now();
    const [row] = await table(trx, 'webhook_deliveries')
      .insert({
        organization_id: organizationId,
        endpoint_id: endpointId,
        event_id: event.id,
        ordering_key: event.ordering_key,
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
      })
      .returning('id');
    if (!row) throw new Error('insert returned no delivery');
    return row.id;
  }

  async function sendTest(organizationId: number, id: number): Promise<WebhookDelivery> {
    await owned(organizationId, id);
    const deliveryId = await db.transaction(async (trx) => {
      const [event] = await table(trx, 'webhook_events')
        .insert({
          message_id: newMessageId(),
          organization_id: organizationId,
          type: WEBHOOK_TEST_EVENT_TYPE,
          ordering_key: null,
          data: JSON.stringify({ endpointId: id, message: 'A test event from Reachly.' }),
          created_at: clock.now(),
        })
        .returning(['id', 'ordering_key']);
      if (!event) throw new Error('insert returned no event');
      return queueDelivery(trx, organizationId, id, event);
    });
    worker.poke();
    return deliveryView(organizationId, deliveryId);
  }

  /** The delivery's event again, to the same endpoint, as a new delivery (the same `webhook-id`). */
  async function redeliver(organizationId: number, deliveryId: number): Promise<WebhookDelivery> {
    const previous = await table(db, 'webhook_deliveries')
      .where({ id: deliveryId, organization_id: organizationId })
      .first('event_id', 'ordering_key', 'endpoint_id');
    if (!previous) throw notFound(`Delivery ${deliveryId} not found.`);
    const newId = await queueDelivery(db, organizationId, previous.endpoint_id, {
      id: previous.event_id,
      ordering_key: previous.ordering_key,
    });
    worker.poke();
    return deliveryView(organizationId, newId);
  }

  return { list, create, update, remove, rotateSecret, deliveries, sendTest, redeliver, worker };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
