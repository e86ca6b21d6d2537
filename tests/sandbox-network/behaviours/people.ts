import type { SandboxContext } from '../context.ts';
import { nextId } from '../state/store.ts';
import type { Account, FriendRequest } from '../state/types.ts';
import { REPLY_TEXTS } from './scripts.ts';

/** A person accepts an outgoing request after their scripted delay, or never. */
export function scheduleAcceptance(ctx: SandboxContext, request: FriendRequest): void {
  const delay = ctx.state.people.get(request.personSlug)?.behaviour.acceptAfterMs;
  if (delay == null) return;
  const state = ctx.state;
  ctx.scheduler.at(request.sentAt + delay, (at) => {
    if (ctx.state !== state || request.status !== 'pending') return;
    request.status = 'accepted';
    request.acceptedAt = at;
  });
}

/** A person answers a message by script after a delay, or never; one answer per unanswered message. */
export function scheduleReply(
  ctx: SandboxContext,
  accountId: number,
  personSlug: string,
  sentAt: number,
): void {
  const person = ctx.state.people.get(personSlug);
  const script = person?.behaviour.reply;
  if (!person || !script) return;
  const state = ctx.state;
  ctx.scheduler.at(sentAt + person.behaviour.replyAfterMs, (at) => {
    if (ctx.state !== state) return;
    state.messages.push({
      id: nextId(state),
      accountId,
      personSlug,
      from: 'person',
      text: REPLY_TEXTS[script](person.firstName),
      at,
    });
  });
}

/** People who send requests greet every new account with an incoming request. */
export function sendIncomingRequests(ctx: SandboxContext, account: Account): void {
  const now = ctx.clock.now();
  for (const person of ctx.state.people.values()) {
    if (!person.sendsRequests) continue;
    ctx.state.requests.push({
      id: nextId(ctx.state),
      accountId: account.id,
      personSlug: person.slug,
      direction: 'incoming',
      sentAt: now,
      status: 'pending',
      acceptedAt: null,
      withdrawnAt: null,
    });
  }
}
