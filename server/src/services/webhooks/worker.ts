import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../engine/clock.ts';
import type { SecretBox } from '../secret-box.ts';
import { nextAttemptAt } from './retry.ts';
import { secretsInForce } from './secrets.ts';
import { type SendResult, sendSigned } from './sender.ts';

/**
 * A claimed delivery is the claimer's for the send's timeout and this much more (its answer written
 * back); after it, a delivery whose sender died goes out again. A round's sends run side by side,
 * so the whole round fits in one timeout.
 */
const LEASE_MARGIN_MS = 10_000;
/** Deliveries claimed per round. */
const BATCH = 20;

interface ClaimedDelivery {
  id: number;
  organization_id: number;
  endpoint_id: number;
  attempts: number;
  first_attempt_at: Date;
  url: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
  message_id: string;
  type: string;
  data: unknown;
  event_created_at: Date;
}

export interface WorkerDeps {
  db: Knex;
  clock: Clock;
  secretBox: SecretBox;
  logger: Logger;
  random: () => number;
  timeoutMs: number;
  allowPrivate: boolean;
  /** Every this many ms the worker sends what is due; 0: only when tick() is called (tests). */
  intervalMs: number;
  /** Runs at the start of every tick (the licence sweep). */
  beforeRound?: (now: Date) => Promise<void>;
}

/** The JSON body of a delivery: the event's id, type, time and data (Standard Webhooks' shape). */
function deliveryBody(event: { message_id: string; type: string; created_at: Date; data: unknown }) {
  return JSON.stringify({
    id: event.message_id,
    type: event.type,
    timestamp: event.created_at.toISOString(),
    data: event.data,
  });
}

/**
 * The outbox's sender (docs/decisions.md "Webhooks: an outbox"). A round claims due deliveries in
 * one statement (`FOR UPDATE SKIP LOCKED`, so two server processes never claim the same one; the
 * lease and the claim token make the claim theirs), leaving out any delivery whose conversation has
 * an earlier event still pending to the same endpoint; sends them; records each answer only if the
 * claim is still its own. A server that dies mid-send leaves the lease to lapse, and the delivery
 * goes out again: at least once, the receiver dedupes by `webhook-id`.
 *
 * Every server polls every WEBHOOKS_INTERVAL_MS, so an idle round must cost next to nothing: "due"
 * is `next_attempt_at <= now` alone (a new delivery's is its event's time), a range on the partial
 * index `webhook_deliveries_due` that reads no row however many retries wait for later.
 */
export function createWebhookWorker(deps: WorkerDeps) {
  const { db, clock, secretBox, logger, random } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  const abort = new AbortController();

  async function claim(now: Date, token: string): Promise<ClaimedDelivery[]> {
    const lease = new Date(now.getTime() + deps.timeoutMs + LEASE_MARGIN_MS);
    const result = await db.raw(
      `with claimed as (
         update webhook_deliveries d
         set locked_until = :lease, claim_token = :token, attempts = d.attempts + 1, last_attempt_at = :now,
             first_attempt_at = coalesce(d.first_attempt_at, :now)
         where d.id in (
           select c.id from webhook_deliveries c
           where c.status = 'pending' and c.next_attempt_at <= :now
             and (c.locked_until is null or c.locked_until <= :now)
             and exists (select 1 from webhook_endpoints w where w.id = c.endpoint_id and w.enabled)
             and not exists (
               select 1 from webhook_deliveries p
               where p.endpoint_id = c.endpoint_id and p.ordering_key = c.ordering_key
                 and p.status = 'pending' and p.event_id < c.event_id
             )
           order by c.next_attempt_at, c.id
           limit :batch
           for update skip locked
         )
         returning d.id, d.organization_id, d.endpoint_id, d.event_id, d.attempts, d.first_attempt_at
       )
       select claimed.*, e.url, e.secret_sealed, e.previous_secret_sealed, e.previous_secret_expires_at,
              ev.message_id, ev.type, ev.data, ev.created_at as event_created_at
       from claimed
       join webhook_endpoints e on e.id = claimed.endpoint_id
       join webhook_events ev on ev.id = claimed.event_id
       order by claimed.id`,
      { lease, token, now, batch: BATCH },
    );
    return result.rows as ClaimedDelivery[];
  }

  async function deliver(delivery: ClaimedDelivery, token: string): Promise<boolean> {
    const at = clock.now();
    let result: SendResult;
    try {
      const secrets = secretsInForce(secretBox, delivery, at);
      result = await sendSigned(
        {
          url: delivery.url,
          messageId: delivery.message_id,
          at,
          body: deliveryBody({ ...delivery, created_at: delivery.event_created_at }),
          secrets,
        },
        { timeoutMs: deps.timeoutMs, allowPrivate: deps.allowPrivate, signal: abort.signal },
      );
    } catch (error) {
      result = { status: null, latencyMs: 0, snippet: null, error: (error as Error).message };
    }
    // Stopping mid-send is a crash as far as the outbox knows: the lease lapses, another round resends.
    if (abort.signal.aborted) return false;
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    const now = clock.now();
    const next = ok
      ? null
      : nextAttemptAt(new Date(delivery.first_attempt_at), delivery.attempts, now, random);
    await db('webhook_deliveries')
      .where({ id: delivery.id, claim_token: token })
      .update({
        status: ok ? 'delivered' : next ? 'pending' : 'failed',
        next_attempt_at: next,
        locked_until: null,
        claim_token: null,
        response_status: result.status,
        latency_ms: result.latencyMs,
        response_snippet: result.snippet,
        error: result.error,
      });
    if (!ok) {
      logger.info(
        {
          deliveryId: delivery.id,
          endpointId: delivery.endpoint_id,
          status: result.status,
          error: result.error,
        },
        'webhook delivery failed',
      );
    }
    return ok;
  }

  /** One round after another until nothing is due; answers how many deliveries were acknowledged. */
  async function drain(): Promise<number> {
    let acknowledged = 0;
    for (;;) {
      const token = randomUUID();
      const claimed = await claim(clock.now(), token);
      if (claimed.length === 0 || abort.signal.aborted) return acknowledged;
      const results = await Promise.all(claimed.map((d) => deliver(d, token)));
      acknowledged += results.filter(Boolean).length;
    }
  }

  /**
   * Sends every delivery due now (tests call it after moving the clock). A tick while one runs
   * waits for it and runs once more, so a delivery queued meanwhile is not left for the next tick.
   */
  async function tick(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      await deps.beforeRound?.(clock.now());
      do {
        again = false;
        total += await drain();
      } while (again && !abort.signal.aborted);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  function safeTick() {
    tick().catch((error: unknown) => {
      if (!abort.signal.aborted) logger.error({ err: error }, 'webhook worker round failed');
    });
  }

  return {
    tick,
    /** Asks for a round soon (after an event the page is waiting for: a test event, a redelivery). */
    poke: () => {
      if (deps.intervalMs > 0) safeTick();
    },
    start() {
      if (deps.intervalMs > 0 && !timer) {
        timer = setInterval(safeTick, deps.intervalMs);
        timer.unref();
      }
    },
    /** Stops the timer and abandons requests in flight (their leases lapse: sent again later). */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      abort.abort();
      await running?.catch(() => undefined);
    },
  };
}
