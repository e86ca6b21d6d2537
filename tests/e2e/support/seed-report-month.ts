import { localTime, seededRandom, startOfLocalDay, startOfNextLocalDay } from '@reachly/shared/logic';
import type { E2EApp } from './app.ts';

/** The server's Knex instance (app.running.ctx.db). */
type Knex = E2EApp['running']['ctx']['db'];

const DAY_MS = 86_400_000;

/** What one simulated lead went through: the times of its request, acceptance, first reply and reading. */
interface MonthLead {
  campaignId: number;
  profileId: number;
  requestAt: Date;
  acceptedAt: Date | null;
  replyAt: Date | null;
  positive: boolean;
}

export interface SeededMonth {
  leads: MonthLead[];
  /** The first day of the month seeded in its time zone (YYYY-MM-DD): 29 days before `now`'s. */
  from: string;
  /** `now`'s day in the time zone. */
  to: string;
}

/**
 * A simulated month of campaign work for the reports page, written as the campaign engine records
 * it (done friendRequest tasks, leads.friend_accepted_at, conversations with their funnel history
 * and incoming messages, the "Reply classified as …" log lines), straight into the server's
 * database in batches: every day of the last 30 in `timeZone` (UTC by default), each campaign ×
 * profile pair sends 8-20 requests; about 40 % are accepted the next hours (a new card), a quarter
 * of those answer (the card moves to replied or interested), half of the answers read as
 * interested. Deterministic from `seed` and `now` (the one clock reading); nothing happens after it.
 */
export async function seedReportMonth(
  db: Knex,
  organizationId: number,
  {
    collectionId,
    campaignIds,
    profileIds,
    now,
    timeZone = 'UTC',
    seed = 7,
  }: {
    collectionId: number;
    campaignIds: readonly number[];
    profileIds: readonly number[];
    now: Date;
    timeZone?: string;
    seed?: number;
  },
): Promise<SeededMonth> {
  const random = seededRandom(seed);
  const today = startOfLocalDay(now, timeZone).getTime();
  const leads: MonthLead[] = [];
  const before = (t: number) => (t < now.getTime() ? new Date(t) : null);
  /** The first instant of the local day `day` days before today (noon first: a day may have 23 or 25 hours). */
  const dayStart = (day: number) => startOfLocalDay(new Date(today - day * DAY_MS + DAY_MS / 2), timeZone);
  for (let day = 29; day >= 0; day -= 1) {
    const start = dayStart(day).getTime();
    const length = startOfNextLocalDay(new Date(start), timeZone).getTime() - start;
    for (const campaignId of campaignIds) {
      for (const profileId of profileIds) {
        const count = 8 + Math.floor(random() * 13);
        for (let i = 0; i < count; i += 1) {
          const requestAt = before(start + Math.floor(random() * length));
          if (!requestAt) continue;
          const acceptedAt =
            random() < 0.4 ? before(requestAt.getTime() + (1 + random() * 20) * 3_600_000) : null;
          const replyAt =
            acceptedAt && random() < 0.25
              ? before(acceptedAt.getTime() + (1 + random() * 30) * 3_600_000)
              : null;
          leads.push({
            campaignId,
            profileId,
            requestAt,
            acceptedAt,
            replyAt,
            positive: replyAt !== null && random() < 0.5,
          });
        }
      }
    }
  }
  const BATCH = 500;
  for (let b = 0; b < leads.length; b += BATCH) {
    const batch = leads.slice(b, b + BATCH);
    const leadRows: { id: number | string }[] = await db('leads')
      .insert(
        batch.map((l, i) => ({
          organization_id: organizationId,
          collection_id: collectionId,
          profile_url: `https://network.example/people/month-${organizationId}-${b + i}`,
          name: `Month lead ${b + i}`,
          friend_request_sent_at: l.requestAt,
          friend_accepted_at: l.acceptedAt,
        })),
      )
      .returning('id');
    const ids = leadRows.map((r) => Number(r.id));
    await db('campaign_tasks').insert(
      batch.map((l, i) => ({
        organization_id: organizationId,
        campaign_id: l.campaignId,
        profile_id: l.profileId,
        lead_id: ids[i],
        step_key: 'friendRequest',
        action: 'friendRequest',
        status: 'done',
        attempts: 1,
        created_at: l.requestAt,
        finished_at: l.requestAt,
      })),
    );
    const accepted = batch.map((l, i) => ({ l, leadId: ids[i] as number })).filter(({ l }) => l.acceptedAt);
    if (accepted.length === 0) continue;
    const conversations: { id: number | string }[] = await db('conversations')
      .insert(
        accepted.map(({ l, leadId }, i) => {
          const status = l.replyAt ? (l.positive ? 'interested' : 'replied') : 'sent';
          return {
            organization_id: organizationId,
            lead_id: leadId,
            profile_id: l.profileId,
            collection_id: collectionId,
            status,
            order: 1000 * (b + i + 1),
            status_update_date: l.replyAt ?? l.acceptedAt,
            last_message: l.replyAt ? 'Sounds interesting, tell me more' : 'Thanks for connecting!',
            last_message_at: l.replyAt ?? l.acceptedAt,
            created_at: l.acceptedAt,
          };
        }),
      )
      .returning('id');
    // The funnel's history: the new card at the acceptance, its move at the reply.
    await db('funnel_moves').insert(
      accepted.flatMap(({ l }, i) => {
        const card = { organization_id: organizationId, conversation_id: Number(conversations[i]?.id) };
        const created = {
          ...card,
          from_status: null,
          to_status: 'sent',
          moved_by: 'engine',
          at: l.acceptedAt,
        };
        if (!l.replyAt) return [created];
        const to = l.positive ? 'interested' : 'replied';
        return [created, { ...card, from_status: 'sent', to_status: to, moved_by: 'engine', at: l.replyAt }];
      }),
    );
    const messages = accepted.flatMap(({ l }, i) => {
      const conversationId = Number(conversations[i]?.id);
      const welcome = { direction: 'out', text: 'Thanks for connecting!', sent_at: l.acceptedAt };
      const reply = { direction: 'in', text: 'Sounds interesting, tell me more', sent_at: l.replyAt };
      return (l.replyAt ? [welcome, reply] : [welcome]).map((m) => ({
        ...m,
        organization_id: organizationId,
        conversation_id: conversationId,
      }));
    });
    await db('conversation_messages').insert(messages);
    const readings = accepted
      .filter(({ l }) => l.replyAt)
      .map(({ l, leadId }) => ({
        organization_id: organizationId,
        campaign_id: l.campaignId,
        profile_id: l.profileId,
        lead_id: leadId,
        type: 'STATUS_CHANGE',
        message: l.positive
          ? 'Reply classified as interested; card moved to interested'
          : 'Reply classified as other',
        created_at: l.replyAt,
      }));
    if (readings.length > 0) await db('campaign_logs').insert(readings);
  }
  return { leads, from: localTime(dayStart(29), timeZone).date, to: localTime(now, timeZone).date };
}
