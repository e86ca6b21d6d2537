import { formatLocal, startOfLocalDay } from '@reachly/shared/logic';
import type { CampaignAction } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import type { LogEntry } from './activity-log.ts';
import type { PlannedCampaign } from './planner.ts';

/** How a day's count of each action reads in the summary. */
const NOUNS: Record<CampaignAction, [string, string]> = {
  friendRequest: ['friend request', 'friend requests'],
  acceptRequest: ['incoming request accepted', 'incoming requests accepted'],
  welcomeMessage: ['welcome message', 'welcome messages'],
  aiReply: ['AI reply', 'AI replies'],
  callToAction: ['call to action', 'calls to action'],
  followUp: ['follow-up', 'follow-ups'],
  collect: ['collection run', 'collection runs'],
  joinGroups: ['group joined', 'groups joined'],
  likePosts: ['round of likes', 'rounds of likes'],
  withdrawRequest: ['request withdrawn', 'requests withdrawn'],
  visitProfile: ['profile visited', 'profiles visited'],
  followPerson: ['person followed', 'people followed'],
};

const counted = (n: number, [one, many]: [string, string]) => `${n} ${n === 1 ? one : many}`;

/**
 * The daily stats of a profile: on the first claim of a local day, what each of its running
 * campaigns did the day before (actions done, requests accepted, replies received), written as a
 * DAILY_STATS_COLLECTING_STARTED / _FINISHED pair per campaign.
 */
export async function collectDailyStats(
  trx: Knex | Knex.Transaction,
  profile: { id: number; name: string; timeZone: string },
  campaigns: readonly PlannedCampaign[],
  todayStart: Date,
): Promise<LogEntry[]> {
  const from = startOfLocalDay(new Date(todayStart.getTime() - 1), profile.timeZone);
  const day = formatLocal(from, profile.timeZone).replace(/,.*$/, '');
  const entries: LogEntry[] = [];
  for (const campaign of campaigns) {
    const base = { campaignId: campaign.id, profileId: profile.id };
    entries.push({
      ...base,
      type: 'DAILY_STATS_COLLECTING_STARTED',
      message: `Collecting ${profile.name}'s figures for ${day}`,
    });
    const done = (await trx('campaign_tasks')
      .where({ campaign_id: campaign.id, profile_id: profile.id, status: 'done' })
      .andWhere('finished_at', '>=', from)
      .andWhere('finished_at', '<', todayStart)
      .select('action')
      .count({ n: '*' })
      .groupBy('action')) as { action: CampaignAction; n: unknown }[];
    const [answers] = (
      await trx.raw(
        `select
           (select count(*) from leads l
             where l.organization_id = ? and l.friend_accepted_at >= ? and l.friend_accepted_at < ?
               and exists (select 1 from campaign_tasks t where t.lead_id = l.id and t.campaign_id = ?
                             and t.profile_id = ? and t.action = 'friendRequest')) as accepted,
           (select count(*) from conversation_messages m join conversations cv on cv.id = m.conversation_id
             where cv.profile_id = ? and m.direction = 'in' and m.sent_at >= ? and m.sent_at < ?
               and exists (select 1 from campaign_tasks t where t.lead_id = cv.lead_id
                             and t.campaign_id = ?)) as replies`,
        [
          campaign.organization_id,
          from,
          todayStart,
          campaign.id,
          profile.id,
          profile.id,
          from,
          todayStart,
          campaign.id,
        ],
      )
    ).rows as { accepted: unknown; replies: unknown }[];
    const actions = done
      .filter((r) => Number(r.n) > 0)
      .map((r) => counted(Number(r.n), NOUNS[r.action]))
      .join(', ');
    const accepted = Number(answers?.accepted ?? 0);
    const replies = Number(answers?.replies ?? 0);
    entries.push({
      ...base,
      type: 'DAILY_STATS_COLLECTING_FINISHED',
      message: `${day}, ${profile.name}: ${actions || 'nothing sent'}; ${counted(accepted, [
        'request accepted',
        'requests accepted',
      ])}, ${counted(replies, ['reply', 'replies'])} received`,
      payload: {
        day: from.toISOString(),
        done: Object.fromEntries(done.map((r) => [r.action, Number(r.n)])),
        accepted,
        replies,
      },
    });
  }
  return entries;
}
