import type { Request, Response } from 'express';
import { scheduleAcceptance, scheduleReply } from '../behaviours/people.ts';
import { checkAction, withdrawRequest } from '../behaviours/requests.ts';
import type { SandboxContext } from '../context.ts';
import { findRequest, follow, nextId, thread } from '../state/store.ts';
import type { Account, ActionKind } from '../state/types.ts';
import { labelsOf } from './pages.ts';
import { groupById, personById, personId } from './state.ts';

const PAGE = 50;

/** The JSON answers of POST /api/graphql/: the lists the pages fetch and the actions they take. */
export function graphql(ctx: SandboxContext, req: Request, res: Response, account: Account): void {
  const body = (req.body ?? {}) as Record<string, string>;
  const name = body.fb_api_req_friendly_name ?? '';
  let vars: Record<string, unknown> = {};
  try {
    vars = JSON.parse(body.variables ?? '{}') as Record<string, unknown>;
  } catch {
    /* empty variables */
  }
  const origin = `${req.protocol}://${req.get('host')}`;
  const node = (slug: string) => {
    const p = ctx.state.people.get(slug);
    return {
      __typename: 'User',
      id: String(personId(ctx, slug)),
      name: p?.name ?? slug,
      url: `${origin}/${slug}`,
    };
  };
  const l = labelsOf(ctx, account, null);
  const mine = ctx.state.requests.filter((r) => r.accountId === account.id);
  const person = personById(ctx, Number(vars.id));
  const now = ctx.clock.now();
  /** Runs a rate-limited action, or answers the block the network shows instead. */
  const limited = (kind: ActionKind, perform: () => unknown) => {
    const verdict = checkAction(ctx, account.id, kind, now);
    if (verdict.kind === 'warning') {
      return void res
        .status(200)
        .json({ errors: [{ kind: 'warning', title: l.warnTitle, text: l.warnText }] });
    }
    if (verdict.kind === 'blocked') {
      return void res.json({
        errors: [{ kind: 'blocked', title: l.blockedTitle, text: l.blockedText, until: verdict.until }],
      });
    }
    res.json({ data: perform() });
  };
  const page = <T>(items: T[]) => {
    const start = Number(vars.cursor ?? 0) || 0;
    const slice = items.slice(start, start + PAGE);
    const next = start + slice.length;
    return { edges: slice, page_info: { has_next_page: next < items.length, end_cursor: String(next) } };
  };
  switch (name) {
    case 'GroupsCometMembersPageNewMembersSectionRefetchQuery': {
      const group = groupById(ctx, Number(vars.id));
      if (!group) return void res.json({ data: { node: null } });
      const edges = group.memberSlugs.map((s) => ({ node: node(s) }));
      return void res.json({
        data: { node: { __typename: 'Group', id: vars.id, new_members: page(edges) } },
      });
    }
    case 'SearchCometResultsPaginatedResultsQuery': {
      const q = String(vars.text ?? '').toLowerCase();
      const hits = [...ctx.state.people.values()].filter(
        (p) => q === '' || p.name.toLowerCase().includes(q) || p.headline.toLowerCase().includes(q),
      );
      return void res.json({
        data: { serpResponse: { results: page(hits.map((p) => ({ node: node(p.slug) }))) } },
      });
    }
    case 'FriendingCometFriendRequestsRootQuery': {
      const incoming = mine.filter((r) => r.direction === 'incoming' && r.status === 'pending');
      return void res.json({
        data: {
          viewer: { friending_possibilities: { edges: incoming.map((r) => ({ node: node(r.personSlug) })) } },
        },
      });
    }
    case 'FriendingCometAllFriendsListQuery': {
      const friends = mine.filter((r) => r.status === 'accepted');
      return void res.json({
        data: { viewer: { all_friends: { edges: friends.map((r) => ({ node: node(r.personSlug) })) } } },
      });
    }
    case 'MessengerThreadlistQuery': {
      const slugs = [
        ...new Set(ctx.state.messages.filter((m) => m.accountId === account.id).map((m) => m.personSlug)),
      ];
      const nodes = slugs.map((s) => ({
        thread_key: { other_user_id: String(personId(ctx, s)) },
        name: node(s).name,
      }));
      return void res.json({ data: { viewer: { message_threads: { nodes } } } });
    }
    case 'MessengerThreadQuery': {
      if (!person?.hasMessageButton) return void res.json({ data: { message_thread: null } });
      const nodes = thread(ctx.state, account.id, person.slug).map((m) => ({
        message_id: `mid.${m.id}`,
        text: m.text,
        timestamp_precise: String(m.at),
        is_from_viewer: m.from === 'account',
        message_sender: { id: m.from === 'account' ? String(account.id) : String(vars.id) },
      }));
      return void res.json({
        data: {
          message_thread: {
            thread_key: { other_user_id: String(vars.id) },
            name: person.name,
            messages: { nodes },
          },
        },
      });
    }
    case 'MessengerSendMutation': {
      const text = String(vars.text ?? '').trim();
      if (!person?.hasMessageButton || !text)
        return void res.json({ errors: [{ kind: 'invalid', title: 'Error', text: 'Cannot send' }] });
      return void limited('message', () => {
        const m = {
          id: nextId(ctx.state),
          accountId: account.id,
          personSlug: person.slug,
          from: 'account' as const,
          text,
          at: now,
        };
        ctx.state.messages.push(m);
        scheduleReply(ctx, account.id, person.slug, now);
        return { message: { text, timestamp_precise: String(now), is_from_viewer: true } };
      });
    }
    case 'FriendingCometFriendRequestSendMutation': {
      if (!person) break;
      const existing = findRequest(ctx.state, account.id, person.slug);
      const pl = labelsOf(ctx, account, person.slug);
      if (existing)
        return void res.json({
          data: { button: { label: pl.cancelRequest, op: 'FriendingCometFriendRequestCancelMutation' } },
        });
      return void limited('friend-request', () => {
        const request = {
          id: nextId(ctx.state),
          accountId: account.id,
          personSlug: person.slug,
          direction: 'outgoing' as const,
          sentAt: now,
          status: 'pending' as const,
          acceptedAt: null,
          withdrawnAt: null,
        };
        ctx.state.requests.push(request);
        scheduleAcceptance(ctx, request);
        return { button: { label: pl.cancelRequest, op: 'FriendingCometFriendRequestCancelMutation' } };
      });
    }
    case 'FriendingCometFriendRequestCancelMutation': {
      if (!person) break;
      const pl = labelsOf(ctx, account, person.slug);
      withdrawRequest(ctx.state, account.id, person.slug, now);
      return void res.json({
        data: { button: { label: pl.addFriend, op: 'FriendingCometFriendRequestSendMutation' } },
      });
    }
    case 'CometUserFollowMutation': {
      if (!person) break;
      follow(ctx.state, account.id, person.slug, now);
      return void res.json({
        data: { button: { label: labelsOf(ctx, account, person.slug).following, op: null } },
      });
    }
    case 'FriendingCometFriendRequestConfirmMutation': {
      const request = person && findRequest(ctx.state, account.id, person.slug);
      if (request?.direction !== 'incoming') break;
      request.status = 'accepted';
      request.acceptedAt = now;
      return void res.json({ data: { button: { label: l.friends, op: null, also: 'remove-siblings' } } });
    }
    case 'FriendingCometFriendRequestDeleteMutation':
      return void res.json({ data: { button: { remove: true } } });
    case 'GroupCometJoinForumMutation': {
      const group = groupById(ctx, Number(vars.id));
      if (!group) break;
      if (ctx.state.joins.some((j) => j.groupSlug === group.slug && j.accountId === account.id))
        return void res.json({ data: { button: { label: l.joined, op: null } } });
      return void limited('join', () => {
        ctx.state.joins.push({ groupSlug: group.slug, accountId: account.id, at: now });
        return { button: { label: l.joined, op: null } };
      });
    }
    case 'CometUFOReactionsLikeMutation': {
      const post = ctx.state.posts.find((p) => p.id === Number(vars.id));
      if (!post) break;
      if (ctx.state.likes.some((k) => k.postId === post.id && k.accountId === account.id))
        return void res.json({
          data: { button: { label: l.removeLike, op: 'CometUFOReactionsUnlikeMutation' } },
        });
      return void limited('like', () => {
        ctx.state.likes.push({ postId: post.id, accountId: account.id, at: now });
        return { button: { label: l.removeLike, op: 'CometUFOReactionsUnlikeMutation' } };
      });
    }
    case 'CometUFOReactionsUnlikeMutation': {
      ctx.state.likes = ctx.state.likes.filter(
        (k) => !(k.postId === Number(vars.id) && k.accountId === account.id),
      );
      return void res.json({ data: { button: { label: l.like, op: 'CometUFOReactionsLikeMutation' } } });
    }
  }
  res.json({ errors: [{ kind: 'unknown', title: 'Error', text: `Unknown query ${name}` }] });
}
