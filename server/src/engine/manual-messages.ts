import { isWithinWorkingHours, safeTimeZone } from '@reachly/shared/logic';
import {
  type ClaimTaskResponse,
  DEFAULT_WORKING_HOURS,
  MANUAL_MESSAGE_ACTION,
  STARTED_LEASE_SECONDS,
  TASK_LEASE_SECONDS,
  type TaskOutcomeBody,
  type TaskOutcomeResponse,
  type TaskStartedBody,
  type WorkingHours,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { table } from '../db/tables.ts';
import { conflict, notFound } from '../errors.ts';
import type { Realtime } from '../realtime/realtime.ts';
import { secondsUntil } from './clock.ts';
import { writeMessage } from './conversation-writes.ts';
import { pauseProfile } from './reports.ts';
import { parseSettings } from './settings.ts';

/**
 * The replies people write in the inbox (issue 17), as tasks of the profile's browser: the claim's
 * look (claim-sql.ts) also says whether one waits for the profile, in the same round trip; when one
 * does, `claim` here hands the oldest that may go out under a lease, as a task of action
 * `manualMessage`, before any campaign work. A message waits for the working hours of the campaign that last worked the lead
 * from this profile (the default window without one) unless its writer said to send it at once;
 * a paused profile (a restriction) sends nothing. The gap between actions does not hold a person's
 * reply back. A lapsed lease hands the message out again with `recheck`: the page is looked at first.
 *
 * Its started and outcome reports have their own routes (/api/executor/manual-messages/:id/…):
 * done writes the message into the thread (`sent`); a failure queues it again, up to
 * MANUAL_MESSAGE_ATTEMPTS attempts; skipped, restricted and the last failure leave it `failed`
 * with the reason (a restriction also pauses the profile, as for campaign work). Nothing goes out
 * while the profile is paused, the licence has expired or (on Reachly's proxy) the traffic ran out.
 */

/**
 * Attempts a message gets before it is left failed, when the browser reports a failure (not a
 * skip, which the page decided, nor a restriction): a person's "Send again" gives it one more.
 */
export const MANUAL_MESSAGE_ATTEMPTS = 3;

interface Waiting {
  id: number | string;
  conversation_id: number;
  text: string;
  status: 'queued' | 'sending';
  attempts: number;
  sent_before: number | null;
  lease_until: Date | string | null;
  outside_working_hours: boolean;
  lead_id: number;
  profile_url: string;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  has_message_button: boolean | null;
  paused_until: Date | string | null;
  proxy_timezone: string | null;
  settings: unknown;
  same_text_sent: number | string;
}

const WAITING_SQL = `
  select m.id, m.conversation_id, m.text, m.status, m.attempts, m.sent_before, m.lease_until,
         m.outside_working_hours, c.lead_id, l.profile_url, l.name, l.first_name, l.last_name,
         l.has_message_button, p.paused_until, p.proxy_timezone, k.settings,
         (select count(*) from conversation_messages cm
           where cm.conversation_id = m.conversation_id and cm.direction = 'out' and cm.text = m.text) as same_text_sent
    from manual_messages m
    join profiles p on p.id = m.profile_id
    join conversations c on c.id = m.conversation_id
    join leads l on l.id = c.lead_id
    left join lateral (
      select cp.settings from campaign_tasks t join campaigns cp on cp.id = t.campaign_id
       where t.lead_id = c.lead_id and t.profile_id = m.profile_id order by t.id desc limit 1
    ) k on true
   where m.profile_id = ? and m.organization_id = ? and m.status in ('queued', 'sending')
   order by m.id
   limit 5`;

const asDate = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

function hoursOf(settings: unknown): WorkingHours {
  if (settings === null || settings === undefined) return DEFAULT_WORKING_HOURS;
  const parsed = parseSettings(settings as Parameters<typeof parseSettings>[0]);
  return parsed.workingHours ?? DEFAULT_WORKING_HOURS;
}

export function createManualMessages({ db, realtime }: { db: Knex; realtime: Realtime }) {
  /** The open tabs show the message's new state (the inbox and the board read the same rows). */
  function announce(organizationId: number) {
    realtime.emit(organizationId, 'data-changed', { areas: ['board'], origin: null });
  }

  /** The profile's oldest manual message that may go now, leased; null when none may (campaign work goes on). */
  async function claim(
    organizationId: number,
    profileId: number,
    now: Date,
  ): Promise<ClaimTaskResponse | null> {
    const rows = (await db.raw(WAITING_SQL, [profileId, organizationId])).rows as Waiting[];
    for (const row of rows) {
      const pausedUntil = asDate(row.paused_until);
      if (pausedUntil && pausedUntil > now) return null;
      const lease = asDate(row.lease_until);
      // Being typed right now (its lease has not lapsed): the next ones wait for it.
      if (row.status === 'sending' && lease && lease > now) return null;
      const zone = safeTimeZone(row.proxy_timezone);
      if (!row.outside_working_hours && !isWithinWorkingHours(now, hoursOf(row.settings), zone)) continue;
      const leaseUntil = new Date(now.getTime() + TASK_LEASE_SECONDS * 1000);
      const sentBefore = row.sent_before ?? Number(row.same_text_sent);
      const updated = await table(db, 'manual_messages')
        .where({ id: row.id, status: row.status, attempts: row.attempts })
        .update({
          status: 'sending',
          attempts: row.attempts + 1,
          lease_until: leaseUntil,
          sent_before: sentBefore,
        });
      if (updated === 0) continue;
      announce(organizationId);
      return {
        task: {
          id: Number(row.id),
          campaignId: 0,
          profileId,
          stepKey: `manual:${row.id}`,
          attempt: row.attempts + 1,
          recheck: row.attempts > 0,
          leaseUntil: leaseUntil.toISOString(),
          action: MANUAL_MESSAGE_ACTION,
          lead: {
            id: row.lead_id,
            profileUrl: row.profile_url,
            name: row.name,
            firstName: row.first_name,
            lastName: row.last_name,
            hasMessageButton: row.has_message_button,
          },
          text: row.text,
          sentBefore,
        },
        reason: 'ready',
        retryAfterSeconds: 0,
        pausedUntil: null,
      };
    }
    return null;
  }

  /** The message of this executor's claim (id, profile, attempt), locked; 404 or 409 otherwise. */
  async function leased(
    trx: Knex.Transaction,
    organizationId: number,
    id: number,
    profileId: number,
    attempt: number,
  ) {
    const row = await table(trx, 'manual_messages')
      .where({ id, organization_id: organizationId })
      .forUpdate()
      .first();
    if (!row || row.profile_id !== profileId) throw notFound(`Manual message ${id} not found.`);
    if (row.status !== 'sending' || row.attempts !== attempt) {
      throw conflict(`Manual message ${id} is no longer this claim's (it is ${row.status}).`);
    }
    return row;
  }

  async function started(organizationId: number, id: number, body: TaskStartedBody, now: Date) {
    const leaseUntil = new Date(now.getTime() + STARTED_LEASE_SECONDS * 1000);
    await db.transaction(async (trx) => {
      await leased(trx, organizationId, id, body.profileId, body.attempt);
      await table(trx, 'manual_messages').where({ id }).update({ lease_until: leaseUntil });
    });
    return { id, status: 'started' as const, leaseUntil: leaseUntil.toISOString() };
  }

  async function outcome(
    organizationId: number,
    id: number,
    body: TaskOutcomeBody,
    now: Date,
  ): Promise<TaskOutcomeResponse> {
    const response = await db.transaction(async (trx): Promise<TaskOutcomeResponse> => {
      const row = await leased(trx, organizationId, id, body.profileId, body.attempt);
      if (body.status === 'done') {
        const conversation = await table(trx, 'conversations')
          .where({ id: row.conversation_id })
          .first('lead_id');
        if (!conversation) throw notFound(`Conversation ${row.conversation_id} not found.`);
        await writeMessage(trx, {
          organizationId,
          leadId: conversation.lead_id,
          profileId: row.profile_id,
          direction: 'out',
          text: row.text,
          at: now,
        });
        const message = await table(trx, 'conversation_messages')
          .where({ conversation_id: row.conversation_id, direction: 'out' })
          .orderBy('id', 'desc')
          .first('id');
        await table(trx, 'manual_messages')
          .where({ id })
          .update({
            status: 'sent',
            sent_at: now,
            lease_until: null,
            error: null,
            message_id: message?.id ?? null,
          });
        return { id, status: 'done', retryAfterSeconds: 0 };
      }
      let error: string;
      let retryAfterSeconds = 0;
      if (body.status === 'restricted') {
        // The same pause as a campaign task's restriction: at least the minimum, longer on repeats,
        // even when the network's end time has passed (it paused nothing before: issue 14's fault 4).
        const pause = await pauseProfile(
          trx,
          row.profile_id,
          body.signal,
          body.message,
          body.until ? new Date(body.until) : null,
          now,
        );
        error = pause.message;
        retryAfterSeconds = secondsUntil(pause.until, now);
      } else if (body.status === 'failed' && row.attempts < MANUAL_MESSAGE_ATTEMPTS) {
        // The browser could not send it (a page that did not load, a box that did not open): it
        // goes again at the next claim, looking at the page first (recheck), the reason shown.
        await table(trx, 'manual_messages')
          .where({ id })
          .update({ status: 'queued', error: body.error, lease_until: null });
        return { id, status: 'failed', retryAfterSeconds };
      } else {
        error = body.status === 'skipped' ? body.reason : body.error;
      }
      await table(trx, 'manual_messages')
        .where({ id })
        .update({ status: 'failed', error, lease_until: null });
      return { id, status: 'failed', retryAfterSeconds };
    });
    announce(organizationId);
    return response;
  }

  return { claim, started, outcome };
}
