import type { SandboxContext } from '../context.ts';
import { findRequest } from '../state/store.ts';
import type { ActionKind, State } from '../state/types.ts';
import type { Verdict } from './rate-limit.ts';

/** The account's outgoing requests nobody has answered yet. */
export function pendingOutgoing(state: State, accountId: number): number {
  return state.requests.filter(
    (r) => r.accountId === accountId && r.direction === 'outgoing' && r.status === 'pending',
  ).length;
}

/**
 * Whether the account may send a friend request now: the speed limits (rate-limit.ts), and before
 * them the pending requests. An account already at the pending limit that sends one more is
 * restricted, as real networks do: its requests are blocked for the rule's blockMs, recorded in
 * `state.restrictions`, and the answer is the same block page (or dialog) as for going too fast.
 */
function checkFriendRequest(ctx: SandboxContext, accountId: number, now: number): Verdict {
  const already = ctx.limiter.check(accountId, 'friend-request', now);
  if (already.kind === 'blocked') return already;
  if (pendingOutgoing(ctx.state, accountId) < ctx.limiter.pendingLimit()) return already;
  const until = ctx.limiter.block(accountId, 'friend-request', now);
  ctx.state.restrictions.push({
    accountId,
    kind: 'friend-request',
    reason: 'too-many-pending',
    at: now,
    until,
  });
  return { kind: 'blocked', until };
}

/** The verdict on an action of the account now: friend requests also count the pending ones. */
export function checkAction(ctx: SandboxContext, accountId: number, kind: ActionKind, now: number): Verdict {
  return kind === 'friend-request'
    ? checkFriendRequest(ctx, accountId, now)
    : ctx.limiter.check(accountId, kind, now);
}

/**
 * Withdraws (cancels) the account's pending request to the person: it stays in the records as
 * withdrawn, with the time, and the person's page offers "Add friend" again. False when there was
 * no pending request of the account's to withdraw.
 */
export function withdrawRequest(state: State, accountId: number, personSlug: string, now: number): boolean {
  const request = findRequest(state, accountId, personSlug);
  if (request?.direction !== 'outgoing' || request.status !== 'pending') return false;
  request.status = 'withdrawn';
  request.withdrawnAt = now;
  return true;
}
