import {
  type ExecutorEvent,
  type ExecutorEventsResponse,
  normalizeProfileUrl,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import type { ReplyProvider } from '../../ai/index.ts';
import { runningCampaignsOf } from '../profile-campaigns.ts';
import type { Effects } from '../task-types.ts';
import { answer } from './answer.ts';
import type { EventContext } from './context.ts';
import { friendAccepted } from './friend-accepted.ts';
import { friendRequestReceived } from './friend-request.ts';
import { storeIncoming } from './incoming-message.ts';
import { manualSurfing, signal } from './profile-signals.ts';

/**
 * What an executor saw that no task asked for (docs/design.md §4), one module per kind: an accepted
 * friend request queues the welcome message (friend-accepted.ts); a lead's message is stored, moves
 * the card to replied, stops that lead's follow-ups (incoming-message.ts) and, when the campaign has
 * an AI reply step, is classified (the card moves by intent) and answered (answer.ts: an aiReply
 * task, sent within working hours and the daily cap like every action) unless a hand-off word gives
 * it to a person; an incoming friend request is accepted by a campaign that accepts them
 * (friend-request.ts); a warning or block pauses the profile (profile-signals.ts).
 */
export function createEventHandler({
  db,
  provider,
  random = Math.random,
}: {
  db: Knex;
  provider: ReplyProvider;
  random?: () => number;
}) {
  /** Applies the events in order; the profile was checked to be the organisation's. */
  async function handle(
    organizationId: number,
    profileId: number,
    events: readonly ExecutorEvent[],
    now: Date,
    effects: Effects,
  ): Promise<ExecutorEventsResponse> {
    const ctx: EventContext = { db, provider, random, organizationId, profileId, now, effects };
    let applied = 0;
    const fetched = { messages: 0, accepted: 0, requests: 0 };
    for (const raw of events) {
      const event =
        'profileUrl' in raw
          ? { ...raw, profileUrl: normalizeProfileUrl(raw.profileUrl) ?? raw.profileUrl }
          : raw;
      if (event.kind === 'friendAccepted') {
        if (await friendAccepted(ctx, event)) {
          applied += 1;
          fetched.accepted += 1;
        }
      } else if (event.kind === 'message') {
        const stored = await storeIncoming(ctx, event);
        if (!stored) continue;
        applied += 1;
        fetched.messages += 1;
        await answer(ctx, stored);
      } else if (event.kind === 'manualSurfing') {
        if (await manualSurfing(ctx, event)) applied += 1;
      } else if (event.kind === 'friendRequestReceived') {
        if (await friendRequestReceived(ctx, event)) {
          applied += 1;
          fetched.requests += 1;
        }
      } else {
        await signal(ctx, event);
        applied += 1;
      }
    }
    await logInboxRead(ctx, fetched);
    return { applied, ignored: events.length - applied };
  }

  /** What reading the inbox found, in the log of each running campaign of the profile. */
  async function logInboxRead(
    { profileId, effects }: EventContext,
    fetched: { messages: number; accepted: number; requests: number },
  ): Promise<void> {
    const news = [
      fetched.messages > 0 ? `${fetched.messages} new message(s)` : null,
      fetched.accepted > 0 ? `${fetched.accepted} accepted request(s)` : null,
      fetched.requests > 0 ? `${fetched.requests} incoming request(s)` : null,
    ].filter((n): n is string => n !== null);
    if (news.length === 0) return;
    const profile = (await db('profiles').where({ id: profileId }).first('name')) as { name: string };
    for (const id of await runningCampaignsOf(db, profileId)) {
      effects.logs.push({
        campaignId: id,
        profileId,
        type: 'FETCHING',
        message: `Read ${profile.name}'s inbox and friends: ${news.join(', ')}`,
      });
    }
  }

  return { handle };
}
