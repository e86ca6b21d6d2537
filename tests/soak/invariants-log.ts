import type { Knex } from 'knex';
import type { MonthFacts } from './facts.ts';
import type { NetworkAction } from './invariants-network.ts';

/** The invariants of the campaign log: it says what the network received, and every kind of event is in it. */

const EXPECTED_LOG_TYPES = [
  'SENT_FRIEND_REQUEST',
  'SENT_WELCOME_MESSAGE',
  'SENT_AI_REPLY',
  'SENT_FOLLOW_UP',
  'STATUS_CHANGE',
  'RESTRICTION',
  'SIGNAL',
  'TARGETING_STARTED',
  'TARGETING_FINISHED',
  'DAILY_STATS_COLLECTING_STARTED',
  'DAILY_STATS_COLLECTING_FINISHED',
  'FETCHING',
  'UPDATED',
  'LAUNCH_FAILED',
  'MANUAL_SURFING',
] as const;

/** The network received exactly what the log says was sent. */
export async function logMatchesNetwork(
  db: Knex,
  facts: MonthFacts,
  actions: readonly NetworkAction[],
): Promise<string[]> {
  const violations: string[] = [];
  const logged = (await db('campaign_logs as l')
    .leftJoin('leads as d', 'd.id', 'l.lead_id')
    .where({ 'l.organization_id': facts.organizationId })
    .whereIn('l.type', [
      'SENT_FRIEND_REQUEST',
      'SENT_WELCOME_MESSAGE',
      'SENT_AI_REPLY',
      'SENT_FOLLOW_UP',
      'SENT_CALL_TO_ACTION',
    ])
    .select('l.type', 'l.message', 'l.profile_id', 'd.profile_url')) as {
    type: string;
    message: string;
    profile_id: number | null;
    profile_url: string | null;
  }[];
  // A message found already sent after a lapsed claim is logged as such, once: every message the
  // network holds is in the log once.
  const loggedMessages = logged.filter((l) => l.type !== 'SENT_FRIEND_REQUEST').length;
  const netMessages = actions.filter((a) => a.kind === 'message').length;
  if (loggedMessages !== netMessages)
    violations.push(`log: ${loggedMessages} messages sent, network: ${netMessages}`);
  // Requests, person by person: each request our profiles sent is in the log once, as sent or (the
  // browser died between the click and its report) as found already done; a request logged as sent
  // reached the network. A request "found done" with none of ours behind it is the person's own.
  const personOf = (url: string | null) =>
    url ? decodeURIComponent(url.split('/').filter(Boolean).at(-1) ?? '') : '';
  const requestRows = new Map<string, { fresh: number; found: number }>();
  for (const l of logged.filter((l) => l.type === 'SENT_FRIEND_REQUEST')) {
    const key = `${l.profile_id}|${personOf(l.profile_url)}`;
    const row = requestRows.get(key) ?? { fresh: 0, found: 0 };
    if (l.message.includes('found already done')) row.found += 1;
    else row.fresh += 1;
    requestRows.set(key, row);
  }
  const sentOnNetwork = new Set(
    actions.filter((a) => a.kind === 'request').map((a) => `${a.profileId}|${a.person}`),
  );
  for (const key of sentOnNetwork) {
    const row = requestRows.get(key);
    if (!row || row.fresh + row.found !== 1)
      violations.push(`request ${key} is on the network, logged ${row ? row.fresh + row.found : 0} times`);
  }
  for (const [key, row] of requestRows)
    if (row.fresh > 0 && !sentOnNetwork.has(key))
      violations.push(`request ${key} logged as sent, not on the network`);
  return violations;
}

/** Every kind of event that happened is in the log. */
export async function everyEventLogged(db: Knex, facts: MonthFacts): Promise<string[]> {
  const types = new Set(
    (
      (await db('campaign_logs').where({ organization_id: facts.organizationId }).distinct('type')) as {
        type: string;
      }[]
    ).map((r) => r.type),
  );
  return EXPECTED_LOG_TYPES.filter((type) => !types.has(type)).map((type) => `no ${type} row in the log`);
}
