import { DEFAULT_FACEBOOK_LOCATORS } from '@reachly/shared/schemas';
import fc from 'fast-check';
import type { RequestOptions } from './http-client.ts';

/**
 * The fuzz test's table (fuzz.test.ts): every route that takes input, with a valid example and
 * generators of hostile bodies, queries and ids around it.
 */

/** Values that break naive code: wrong types, edge numbers, long and odd strings. */
const nasty: fc.Arbitrary<unknown> = fc.oneof(
  // Strings of every length, past any column's size.
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 6000 }), fc.string({ minLength: 1, maxLength: 1 }))
      .map(([n, c]) => c.repeat(n)),
  },
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    'all',
    '-1',
    '0',
    '1',
    '1e309',
    'NaN',
    'null',
    'true',
    '__proto__',
    "'; drop table users; --",
    '%',
    '_',
    '\u0000',
    'a'.repeat(5000),
  ),
  fc.integer(),
  fc.constantFrom(0, -1, 1, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 1.5, -0),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.oneof(fc.string(), fc.integer()), { maxKeys: 4 }),
);

/** An object with the route's own keys (so validation goes past the first check) and strays. */
function objectOf(keys: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((k) => [k, nasty])), { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 12 }), nasty, { maxKeys: 3 }),
    )
    .map(([known, stray]) => ({ ...stray, ...known }));
}

/** A valid example with one field replaced by a nasty value, or dropped. */
function mutationOf(valid: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(valid);
  return fc.tuple(fc.constantFrom(...keys), nasty, fc.boolean()).map(([key, value, drop]) => {
    const copy: Record<string, unknown> = { ...valid };
    if (drop) delete copy[key];
    else copy[key] = value;
    return copy;
  });
}

/** A JSON body: a mutated valid example, the route's shape, anything at all, or bytes that are not JSON. */
function bodyOf(keys: readonly string[], valid?: Record<string, unknown>): fc.Arbitrary<RequestOptions> {
  return fc.oneof(
    {
      weight: valid ? 12 : 0,
      arbitrary: valid ? mutationOf(valid).map((json) => ({ json })) : fc.constant({}),
    },
    { weight: valid ? 1 : 0, arbitrary: fc.constant({ json: valid ?? {} }) },
    { weight: 4, arbitrary: objectOf(keys).map((json) => ({ json })) },
    { weight: 2, arbitrary: fc.anything().map((json) => ({ json: json === undefined ? null : json })) },
    {
      weight: 1,
      arbitrary: fc.string().map((raw) => ({ raw, headers: { 'content-type': 'application/json' } })),
    },
    { weight: 1, arbitrary: fc.string().map((raw) => ({ raw, headers: { 'content-type': 'text/plain' } })) },
  );
}

function queryString(params: URLSearchParams): string {
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A query string: a mutated valid one, or the route's keys (sometimes repeated) and strays. */
function queryOf(keys: readonly string[], valid?: Record<string, string>): fc.Arbitrary<string> {
  // Node's HTTP parser refuses request lines over 16 KB (431) before any route runs: keep URLs under it.
  const value = fc.oneof(
    nasty.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')).slice(0, 1000)),
    fc.constantFrom('all', '-1', '1', 'true', 'false', 'sent', 'windows', 'msi'),
  );
  const shaped = fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((k) => [k, fc.array(value, { minLength: 1, maxLength: 2 })])), {
        requiredKeys: [],
      }),
      fc.dictionary(fc.string({ maxLength: 8 }), value, { maxKeys: 2 }),
    )
    .map(([known, stray]) => {
      const params = new URLSearchParams();
      for (const [k, vs] of Object.entries(known)) for (const v of vs as string[]) params.append(k, v);
      for (const [k, v] of Object.entries(stray)) params.append(k, v);
      return queryString(params);
    });
  if (!valid) return shaped;
  const mutated = fc
    .tuple(fc.constantFrom(...Object.keys(valid)), value, fc.boolean())
    .map(([key, v, drop]) => {
      const copy: Record<string, string> = { ...valid };
      if (drop) delete copy[key];
      else copy[key] = v;
      return queryString(new URLSearchParams(copy));
    });
  return fc.oneof({ weight: 3, arbitrary: mutated }, { weight: 2, arbitrary: shaped });
}

const idSegment = fc.oneof(
  fc.nat({ max: 50 }).map(String),
  fc.constantFrom('0', '-1', 'abc', '1.5', '99999999999', '%00', 'all'),
);

export interface FuzzRoute {
  name: string;
  /** The request for one generated case. */
  arbitrary: fc.Arbitrary<{ method: string; path: string; options: RequestOptions }>;
  client?: 'account' | 'anonymous' | 'admin';
}

/** Rows of the fuzzing account that valid examples point at. */
export interface Seeds {
  collectionId: number;
  leadId: number;
  conversationId: number;
  profileId: number;
  campaignId: number;
  taskId: number;
  email: string;
}

interface RouteInput {
  /** A valid body; its keys are the route's fields. */
  body?: Record<string, unknown>;
  /** A valid query. */
  query?: Record<string, string>;
  /** A real id for the path's /:id (fuzzed ids are tried too). */
  id?: number;
}

export interface RouteMaker {
  name: string;
  build(seeds: Seeds): FuzzRoute;
}

function route(
  method: string,
  path: string,
  input: (seeds: Seeds) => RouteInput,
  client: FuzzRoute['client'] = 'account',
): RouteMaker {
  return {
    name: `${method} ${path}`,
    build(seeds) {
      const given = input(seeds);
      const body = given.body ? bodyOf(Object.keys(given.body), given.body) : fc.constant<RequestOptions>({});
      const query = given.query ? queryOf(Object.keys(given.query), given.query) : fc.constant('');
      const id =
        given.id === undefined
          ? fc.constant<string | null>(null)
          : fc.oneof(idSegment, fc.constant(String(given.id)));
      return {
        name: `${method} ${path}`,
        client,
        arbitrary: fc.tuple(body, query, id).map(([options, q, i]) => ({
          method,
          path: `${path.replace('/:id', i === null ? '' : `/${encodeURIComponent(i)}`)}${q}`,
          options,
        })),
      };
    },
  };
}

/** A multipart upload as the page sends it: a file (CSV or not) and the form's fields. */
function importRoute(): RouteMaker {
  return {
    name: 'POST /api/leads/import',
    build(seeds) {
      const file = fc.oneof(
        fc.string({ maxLength: 400 }),
        fc
          .array(fc.tuple(fc.webUrl(), fc.string({ maxLength: 20 })), { maxLength: 20 })
          .map((rows) => `url,name\n${rows.map(([u, n]) => `${u},"${n.replaceAll('"', '""')}"`).join('\n')}`),
        fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
      );
      const field = fc.oneof(
        fc.constant(String(seeds.collectionId)),
        nasty.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
      );
      return {
        name: 'POST /api/leads/import',
        client: 'account',
        arbitrary: fc
          .tuple(
            file,
            field,
            fc.constantFrom('true', 'false', 'x'),
            fc.constantFrom('text/csv', 'application/octet-stream'),
          )
          .map(([content, collectionId, shouldClear, type]) => {
            const boundary = 'fuzzboundary7MA4YWxk';
            const part = (name: string, value: string, extra = '') =>
              `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${value}\r\n`;
            const raw =
              part('collectionId', collectionId) +
              part('shouldClear', shouldClear) +
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\nContent-Type: ${type}\r\n\r\n${content}\r\n--${boundary}--\r\n`;
            return {
              method: 'POST',
              path: '/api/leads/import',
              options: { raw, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
            };
          }),
      };
    },
  };
}

const profileBody = {
  name: 'Fuzz profile',
  loginStatus: 'logged-in',
  proxySource: 'MANUAL',
  proxyType: 'manual',
  HTTPProxyAddress: 'proxy.example.com:8080',
  proxyLogin: 'login',
  proxyPassword: 'secret',
  proxyTimezone: 'Europe/Berlin',
};

export const campaignSteps = [
  { type: 'friendRequest' },
  { type: 'welcomeMessage', template: '{Hi|Hello} {firstName}!' },
  { type: 'followUp', afterDays: 3, template: 'Any news?', maxCount: 1 },
];

/**
 * Every route that takes input. New routes join this table. Deleting routes come last, so that the
 * seeded rows serve the others first.
 */
export const routes: RouteMaker[] = [
  route(
    'POST',
    '/api/register',
    () => ({
      body: {
        email: 'fuzz-new@example.com',
        password: 'password-1',
        affiliateToken: 'a',
        organizationToken: 'o',
      },
    }),
    'anonymous',
  ),
  route(
    'POST',
    '/api/auth/_log',
    () => ({
      body: { level: 'error', code: 'CLIENT_FETCH_ERROR', message: 'm', client: true },
    }),
    'anonymous',
  ),
  route('PATCH', '/api/user/machineData', () => ({
    body: {
      machineId: 'm1',
      reachlyVersion: '1.0.0',
      extensionVersion: '1.0.0',
      platform: 'linux',
      OS: 'Debian',
    },
  })),
  route('GET', '/api/downloadApp', () => ({ query: { os: 'windows', format: 'msi' } }), 'anonymous'),
  route('POST', '/api/summary', () => ({ body: { key: 'uniqueVisits' } }), 'anonymous'),
  route(
    'POST',
    '/api/emit',
    () => ({
      body: {
        type: 'clientLoaded',
        source: 'client',
        url: 'http://x/',
        hasGuestId: true,
        mongoAttributes: {},
      },
    }),
    'anonymous',
  ),
  route('POST', '/api/collections', () => ({ body: { name: 'Fuzz collection' } })),
  route('PATCH', '/api/collections/:id', (s) => ({ id: s.collectionId, body: { name: 'Renamed by fuzz' } })),
  route('GET', '/api/leads', (s) => ({
    query: { collectionId: String(s.collectionId), lastId: '-1', isExcluded: 'false', limit: '20' },
  })),
  route('PATCH', '/api/leads', (s) => ({ body: { id: s.leadId, isExcluded: true } })),
  route('POST', '/api/leads', (s) => ({
    body: {
      collectionId: s.collectionId,
      leads: [{ profileUrl: 'https://sandbox.local/people/fuzz', name: 'Fuzz Lead', hasMessageButton: true }],
    },
  })),
  // Leads at scale (server/test/leads-scale.test.ts): a valid call excludes the seeded lead, which
  // no later route needs included.
  route('POST', '/api/leads/bulk', (s) => ({
    body: { action: 'exclude', selection: { ids: [s.leadId] } },
  })),
  importRoute(),
  route('GET', '/api/conversations', (s) => ({
    query: { collectionId: String(s.collectionId), limit: '50', groupByStatus: 'true', search: 'hi' },
  })),
  route('GET', '/api/conversations', (s) => ({
    query: {
      collectionId: String(s.collectionId),
      status: 'sent',
      limit: '10',
      lastOrder: '1000',
      lastId: '1',
    },
  })),
  route('GET', '/api/conversations/:id', (s) => ({ id: s.conversationId })),
  route('PATCH', '/api/conversations', (s) => ({
    body: { id: s.conversationId, fields: { order: 0, status: 'replied' }, collectionId: s.collectionId },
  })),
  route('GET', '/api/profiles', () => ({
    query: { notReadyOnly: 'true', loginStatus: 'logged-in', page: '1', limit: '20', search: 'fuzz' },
  })),
  route('POST', '/api/profiles', () => ({ body: profileBody })),
  route('PATCH', '/api/profiles', (s) => ({ body: { ...profileBody, id: s.profileId } })),
  route(
    'POST',
    '/api/admin/users',
    () => ({ body: { email: 'fuzz-admin@example.com', password: 'password-1' } }),
    'admin',
  ),
  route(
    'POST',
    '/api/admin/licence',
    (s) => ({
      body: { email: s.email, plan: 'pro', licenseTill: '2030-01-01T00:00:00Z', isTrial: false },
    }),
    'admin',
  ),
  route(
    'POST',
    '/api/admin/traffic',
    (s) => ({ body: { email: s.email, bytes: '1000', mode: 'add' } }),
    'admin',
  ),
  route(
    'POST',
    '/api/admin/ban',
    () => ({ body: { email: 'fuzz-other@example.com', banned: false } }),
    'admin',
  ),
  route(
    'POST',
    '/api/admin/profiles',
    (s) => ({ body: { email: s.email, profiles: [profileBody] } }),
    'admin',
  ),
  route('POST', '/api/admin/desktop-version', () => ({ body: { version: '1.2.3' } }), 'admin'),
  // The account page and the forgotten password (server/test/account.test.ts, password-reset.test.ts).
  route('PATCH', '/api/user/account', () => ({ body: { name: 'Fuzz Name' } })),
  route('POST', '/api/password/forgot', () => ({ body: { email: 'nobody-fuzz@example.com' } }), 'anonymous'),
  // A well-formed token no link has: refused, nothing written.
  route(
    'POST',
    '/api/password/reset',
    () => ({ body: { token: 'a'.repeat(43), newPassword: 'another-password-1' } }),
    'anonymous',
  ),
  route('POST', '/api/admin/reset-link', (s) => ({ body: { email: s.email } }), 'admin'),
  route('GET', '/api/campaigns', () => ({})),
  route('POST', '/api/campaigns', (s) => ({
    body: {
      name: 'Fuzz campaign',
      collectionId: s.collectionId,
      profileIds: [s.profileId],
      steps: campaignSteps,
      dailyCaps: { friendRequest: 10 },
      workingHours: { start: '09:00', end: '18:00' },
      gapSeconds: { min: 60, max: 120 },
    },
  })),
  route('POST', '/api/campaigns/preview-template', () => ({
    body: { template: '{Hi|Hello} {firstName}', lead: { name: 'Anna Berg' }, seed: 1 },
  })),
  route('GET', '/api/campaigns/:id', (s) => ({ id: s.campaignId })),
  route('PATCH', '/api/campaigns/:id', (s) => ({
    id: s.campaignId,
    body: {
      name: 'Fuzzed campaign',
      collectionId: s.collectionId,
      profileIds: [s.profileId],
      steps: campaignSteps,
      dailyCaps: { likePosts: 5 },
      workingHours: { start: '22:00', end: '06:00' },
      gapSeconds: { min: 1, max: 2 },
      status: 'running',
    },
  })),
  route('POST', '/api/campaigns/:id/start', (s) => ({ id: s.campaignId })),
  route('POST', '/api/campaigns/:id/pause', (s) => ({ id: s.campaignId })),
  route('POST', '/api/campaigns/:id/stop', (s) => ({ id: s.campaignId })),
  route('GET', '/api/campaigns/:id/logs', (s) => ({
    id: s.campaignId,
    query: { lastId: '-1', limit: '20' },
  })),
  route('GET', '/api/campaigns/:id/stats', (s) => ({ id: s.campaignId })),
  route('GET', '/api/campaigns/:id/funnel', (s) => ({ id: s.campaignId })),
  route('GET', '/api/campaigns/:id/variants', (s) => ({ id: s.campaignId })),
  route('GET', '/api/campaigns/:id/profiles', (s) => ({ id: s.campaignId })),
  route('POST', '/api/executor/claim', (s) => ({ body: { profileId: s.profileId } })),
  route('POST', '/api/executor/tasks/:id/started', (s) => ({
    id: s.taskId,
    body: { profileId: s.profileId, attempt: 1 },
  })),
  route('POST', '/api/executor/tasks/:id/outcome', (s) => ({
    id: s.taskId,
    body: { profileId: s.profileId, attempt: 1, status: 'done', data: { text: 'Hello' } },
  })),
  route('POST', '/api/executor/events', (s) => ({
    body: {
      profileId: s.profileId,
      events: [
        {
          kind: 'message',
          profileUrl: 'https://network.example/people/x',
          text: 'hi',
          sentAt: '2026-01-01T00:00:00Z',
        },
      ],
    },
  })),
  route('GET', '/api/agent/profiles', () => ({})),
  // A wrong current password: the body is well formed, the change is refused (nothing written).
  route('POST', '/api/user/password', () => ({
    body: { currentPassword: 'not-the-password', newPassword: 'another-password-1' },
  })),
  // Shapes and garbage only, no valid example: a valid call makes a demo organisation whose campaign
  // the server then works on a timer, writes this suite would see in the middle of other routes'
  // cases (server/test/demo.test.ts covers the valid calls).
  {
    name: 'POST /api/demo/session',
    build: () => ({
      name: 'POST /api/demo/session',
      client: 'anonymous',
      arbitrary: bodyOf(['visitorId']).map((options) => ({
        method: 'POST',
        path: '/api/demo/session',
        options,
      })),
    }),
  },
  route('POST', '/api/profiles/:id/resume', (s) => ({ id: s.profileId })),
  route('GET', '/api/locators', () => ({ query: { network: 'facebook' } })),
  route('POST', '/api/admin/locators', () => ({ body: { ...DEFAULT_FACEBOOK_LOCATORS } }), 'admin'),
  route('POST', '/api/diagnostics', (s) => ({
    body: {
      profileId: s.profileId,
      network: 'facebook',
      locator: 'buttons.joinGroup',
      tableVersion: 1,
      lang: 'en',
      urlPattern: '/groups/<id>',
      roles: { button: 3 },
      buttons: ['Join group'],
      dialogs: [],
    },
  })),
  route('POST', '/api/agent/traffic', (s) => ({
    body: { reports: [{ profileId: s.profileId, bytes: '1000' }] },
  })),
  route('POST', '/api/agent/launch-failed', (s) => ({
    body: { profileId: s.profileId, message: 'Chromium exited with code 1' },
  })),
  route('PUT', '/api/profiles/:id/cookies', (s) => ({
    id: s.profileId,
    body: {
      cookies: [
        { name: 'c_user', value: '1', domain: '.network.example', path: '/', secure: true, httpOnly: true },
      ],
    },
  })),
  route('GET', '/api/agent/profiles/:id/cookies', (s) => ({ id: s.profileId })),
  route('POST', '/api/agent/profiles/:id/cookies-imported', (s) => ({
    id: s.profileId,
    body: { storedAt: '2026-01-01T00:00:00.000Z', imported: 1 },
  })),
  route('GET', '/api/exports/leads', (s) => ({
    query: { collectionId: String(s.collectionId), isExcluded: 'false' },
  })),
  route('GET', '/api/exports/conversations', (s) => ({
    query: { collectionId: String(s.collectionId), status: 'sent', search: 'hi' },
  })),
  route('GET', '/api/exports/campaigns/:id', (s) => ({ id: s.campaignId })),
  route('GET', '/api/reports', (s) => ({
    query: {
      from: '2026-10-01',
      to: '2026-10-31',
      campaignId: String(s.campaignId),
      profileId: String(s.profileId),
    },
  })),
  route('GET', '/api/reports/export', (s) => ({
    query: {
      from: '2026-10-01',
      to: '2026-10-31',
      campaignId: String(s.campaignId),
      profileId: String(s.profileId),
    },
  })),
  route('DELETE', '/api/campaigns/:id', (s) => ({ id: s.campaignId })),
  route('DELETE', '/api/profiles', (s) => ({ query: { id: String(s.profileId) } })),
  route('DELETE', '/api/leads/clear', (s) => ({ query: { collectionId: String(s.collectionId) } })),
  route('DELETE', '/api/collections/:id', (s) => ({ id: s.collectionId })),
  // The team (server/test/team.test.ts, api-keys.test.ts): the account is its organisation's only
  // owner, so a valid role change or removal of a member that does not exist is a 404.
  route('PATCH', '/api/team/members/:id', () => ({ id: 2_147_483_000, body: { role: 'admin' } })),
  route('DELETE', '/api/team/members/:id', () => ({ id: 2_147_483_000 })),
  route('POST', '/api/team/organizations/current', () => ({ body: { organizationId: 2_147_483_000 } })),
  route('POST', '/api/team/invitation', () => ({ body: { organizationToken: 'no-such-invite-token' } })),
  route('POST', '/api/team/join', () => ({ body: { organizationToken: 'no-such-invite-token' } })),
  route('POST', '/api/team/api-keys', () => ({ body: { name: 'Fuzz key', scope: 'read' } })),
  route('DELETE', '/api/team/api-keys/:id', () => ({ id: 2_147_483_000 })),
  // Webhooks (server/test/webhooks.test.ts): a public address (no lookup), ids that do not exist.
  route('POST', '/api/webhooks', () => ({
    body: {
      url: 'https://93.184.215.14/hooks',
      description: 'Fuzz',
      events: ['lead.replied'],
      enabled: false,
    },
  })),
  route('PATCH', '/api/webhooks/:id', () => ({ id: 2_147_483_000, body: { enabled: true } })),
  route('DELETE', '/api/webhooks/:id', () => ({ id: 2_147_483_000 })),
  route('POST', '/api/webhooks/:id/rotate-secret', () => ({ id: 2_147_483_000 })),
  route('GET', '/api/webhooks/:id/deliveries', () => ({ id: 2_147_483_000 })),
  route('POST', '/api/webhooks/:id/test', () => ({ id: 2_147_483_000 })),
  route('POST', '/api/webhooks/deliveries/:id/redeliver', () => ({ id: 2_147_483_000 })),
  // The do-not-contact list (server/test/do-not-contact.test.ts).
  route('GET', '/api/do-not-contact', () => ({ query: { search: 'acme', lastId: '0', limit: '20' } })),
  route('POST', '/api/do-not-contact', () => ({ body: { kind: 'company', value: 'Acme', note: 'Fuzz' } })),
  route('POST', '/api/do-not-contact/import', () => ({
    body: { csv: 'kind,value\ncompany,Acme\n', note: '' },
  })),
  route('DELETE', '/api/do-not-contact/:id', () => ({ id: 2_147_483_000 })),
  route('POST', '/api/do-not-contact/leads/:id', () => ({ id: 2_147_483_000 })),
  // The inbox (server/test/inbox.test.ts).
  route('GET', '/api/inbox', () => ({
    query: { view: 'all', status: 'sent', unread: 'true', assignedToMe: 'false', search: 'hi', limit: '20' },
  })),
  route('GET', '/api/inbox/:id', (s) => ({ id: s.conversationId })),
  route('PATCH', '/api/inbox/:id', (s) => ({
    id: s.conversationId,
    body: { read: true, done: false, assignedUserId: null, aiPaused: false },
  })),
  route('POST', '/api/inbox/:id/messages', () => ({ id: 2_147_483_000, body: { text: 'Hello' } })),
  route('POST', '/api/inbox/messages/:id/retry', () => ({ id: 2_147_483_000 })),
  route('POST', '/api/executor/manual-messages/:id/started', (s) => ({
    id: 2_147_483_000,
    body: { profileId: s.profileId, attempt: 1 },
  })),
  route('POST', '/api/executor/manual-messages/:id/outcome', (s) => ({
    id: 2_147_483_000,
    body: { profileId: s.profileId, attempt: 1, status: 'failed', error: 'Fuzz' },
  })),
];

/** Authorization headers of every kind on the routes that read the caller. */
export const authHeaderRoute: FuzzRoute = {
  name: 'Authorization header',
  client: 'anonymous',
  arbitrary: fc
    .tuple(
      fc.constantFrom('/api/user', '/api/traffic', '/api/globalPrerenderData'),
      fc.string({ maxLength: 300 }),
    )
    .map(([path, token]) => ({
      method: 'GET',
      path,
      options: { headers: { authorization: token.replace(/[\r\n]/g, '') } },
    })),
};
