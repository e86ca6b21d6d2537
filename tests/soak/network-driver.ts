import { personById, personId } from '../sandbox-network/facebook/state.ts';
import type { Sandbox } from '../sandbox-network/server.ts';

/**
 * How the simulated executor acts on the network, per skin: the requests the network's own pages
 * send when a person clicks (the sandbox's form posts; the replica's `/api/graphql/` mutations,
 * exactly what its page script posts for a button), with the account's session cookies, so the
 * network's rate limits, warnings and blocks apply. The simulated month reads acceptances and
 * messages from the network's state either way; only the actions and the people's URLs differ.
 */
export type Skin = 'sandbox' | 'facebook';

/** What one action came to, as the adapter would read it off the page. */
export type ActResult =
  | { kind: 'done' }
  | { kind: 'restricted'; until: string | null; message: string }
  | { kind: 'failed'; error: string };

export interface NetworkDriver {
  /** A person's page, as leads and events carry it. */
  personUrl(slug: string): string;
  /** The person a lead's URL names, or null when it names nobody of this network. */
  slugOf(profileUrl: string): string | null;
  friendRequest(slug: string): Promise<ActResult>;
  acceptRequest(slug: string, requestId: number): Promise<ActResult>;
  /** Cancels the account's pending request to the person. */
  withdrawRequest(slug: string): Promise<ActResult>;
  /** Opens the person's page (the network records the visit). */
  visit(slug: string): Promise<ActResult>;
  /** Follows the person. */
  follow(slug: string): Promise<ActResult>;
  message(slug: string, text: string): Promise<ActResult>;
  /** The browser lost its cookies (a crash): the next action logs in again. */
  forget(): void;
}

interface Login {
  login: string;
  password: string;
}

/** The cookies a log-in answer sets, as one Cookie header. */
function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export function networkDriver(skin: Skin, sandbox: Sandbox, who: Login): NetworkDriver {
  return skin === 'facebook' ? replicaDriver(sandbox, who) : sandboxDriver(sandbox, who);
}

function sandboxDriver(sandbox: Sandbox, who: Login): NetworkDriver {
  let cookie = '';
  async function logIn() {
    const res = await fetch(`${sandbox.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login: who.login, password: who.password, next: '/feed' }).toString(),
    });
    cookie = cookiesOf(res);
    if (res.status !== 303 || !cookie) throw new Error(`sandbox log-in failed: ${res.status}`);
  }
  async function post(path: string, form: Record<string, string>): Promise<ActResult> {
    if (!cookie) await logIn();
    const res = await fetch(`${sandbox.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    if (res.status === 303) return { kind: 'done' };
    if (res.status === 429) {
      const until = /data-until="([^"]+)"/.exec(await res.text())?.[1] ?? null;
      return {
        kind: 'restricted',
        until,
        message: until ? "You're temporarily blocked" : 'You are doing this too fast',
      };
    }
    return { kind: 'failed', error: `network answered ${res.status}` };
  }
  return {
    visit: async (slug) => {
      if (!cookie) await logIn();
      const res = await fetch(`${sandbox.url}/people/${slug}`, { headers: { cookie } });
      await res.text();
      return res.ok ? { kind: 'done' } : { kind: 'failed', error: `network answered ${res.status}` };
    },
    follow: (slug) => post(`/people/${slug}/follow`, {}),
    personUrl: (slug) => `${sandbox.url}/people/${slug}`,
    slugOf: (profileUrl) => {
      const match = /^\/people\/([^/]+)$/.exec(new URL(profileUrl).pathname);
      return match ? decodeURIComponent(match[1] as string) : null;
    },
    friendRequest: (slug) => post(`/people/${slug}/friend-request`, {}),
    acceptRequest: (_slug, requestId) => post(`/friends/requests/${requestId}/accept`, {}),
    withdrawRequest: (slug) => post(`/people/${slug}/friend-request/cancel`, {}),
    message: (slug, text) => post(`/messages/${slug}`, { text }),
    forget: () => {
      cookie = '';
    },
  };
}

/** The replica's answer to a mutation: the button's next state, or the block dialog it opens. */
interface GraphqlAnswer {
  data?: unknown;
  errors?: { kind: string; title: string; text: string; until?: number }[];
}

function replicaDriver(sandbox: Sandbox, who: Login): NetworkDriver {
  const ctx = sandbox.context;
  let cookie = '';
  async function logIn() {
    const res = await fetch(`${sandbox.url}/login/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: who.login, pass: who.password, next: '/' }).toString(),
    });
    cookie = cookiesOf(res);
    const to = res.headers.get('location') ?? '';
    if (res.status !== 302 || !cookie || to.startsWith('/checkpoint')) {
      throw new Error(`replica log-in failed: ${res.status} ${to}`);
    }
  }
  async function mutation(name: string, variables: Record<string, unknown>): Promise<ActResult> {
    if (!cookie) await logIn();
    const res = await fetch(`${sandbox.url}/api/graphql/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        fb_api_req_friendly_name: name,
        variables: JSON.stringify(variables),
      }).toString(),
    });
    // A redirect is the log-in page or a checkpoint: nothing was done.
    if (res.status !== 200) return { kind: 'failed', error: `replica answered ${res.status}` };
    const answer = (await res.json()) as GraphqlAnswer;
    const error = answer.errors?.[0];
    if (!error) return { kind: 'done' };
    if (error.kind === 'warning' || error.kind === 'blocked') {
      return {
        kind: 'restricted',
        until: error.until ? new Date(error.until).toISOString() : null,
        message: `${error.title}: ${error.text}`,
      };
    }
    return { kind: 'failed', error: `${error.title}: ${error.text}` };
  }
  const id = (slug: string) => String(personId(ctx, slug));
  return {
    visit: async (slug) => {
      if (!cookie) await logIn();
      const res = await fetch(`${sandbox.url}/${slug}/`, { redirect: 'manual', headers: { cookie } });
      await res.text();
      return res.status === 200
        ? { kind: 'done' }
        : { kind: 'failed', error: `replica answered ${res.status}` };
    },
    follow: (slug) => mutation('CometUserFollowMutation', { id: id(slug) }),
    personUrl: (slug) => `${sandbox.url}/${slug}`,
    slugOf: (profileUrl) => {
      const url = new URL(profileUrl);
      if (url.pathname === '/profile.php')
        return personById(ctx, Number(url.searchParams.get('id')))?.slug ?? null;
      const match = /^\/([^/]+)\/?$/.exec(url.pathname);
      return match ? decodeURIComponent(match[1] as string) : null;
    },
    friendRequest: (slug) => mutation('FriendingCometFriendRequestSendMutation', { id: id(slug) }),
    acceptRequest: (slug) => mutation('FriendingCometFriendRequestConfirmMutation', { id: id(slug) }),
    withdrawRequest: (slug) => mutation('FriendingCometFriendRequestCancelMutation', { id: id(slug) }),
    message: (slug, text) => mutation('MessengerSendMutation', { id: id(slug), text }),
    forget: () => {
      cookie = '';
    },
  };
}
