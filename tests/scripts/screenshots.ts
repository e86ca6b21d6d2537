import path from 'node:path';
import type { ConversationStatus } from '@reachly/shared/constants';
import { type ClientInput, contract, createApiClient } from '@reachly/shared/contract';
import { startBuiltDashboardServer } from '../bench/lib/built-dashboard.ts';
import { repoRoot } from '../bench/lib/server-process.ts';
import { launchBrowser, signIn, waitForText } from '../e2e/support/browser.ts';
import { seedCards, seedCollection } from '../e2e/support/seed-board.ts';

/**
 * The README's screenshots, taken from the running app: `npm run screenshots -w @reachly/tests`
 * builds the dashboard, starts the server on an in-memory embedded database, fills an account with
 * sample leads, conversations and profiles through the API (the board's rows straight into the
 * database, as campaigns will make them), and saves docs/screenshots/{board,collections,profiles}.png.
 */

const out = path.join(repoRoot, 'docs/screenshots');
const { running, db, close } = await startBuiltDashboardServer('shots');

const email = 'maria@northwind.example';
const password = 'password-123';
const { user } = await createApiClient({ baseUrl: running.url }).call(contract.auth.register, {
  body: { email, password },
});
const { call } = createApiClient({
  baseUrl: running.url,
  headers: () => ({ authorization: user.accessToken }),
});

const first = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Lucas',
  'Mia',
  'Ethan',
  'Sofia',
  'Mason',
  'Isla',
  'Leo',
];
const last = [
  'Carter',
  'Nguyen',
  'Patel',
  'Kowalski',
  'Okafor',
  'Silva',
  'Rossi',
  'Meyer',
  'Haddad',
  'Larsen',
];
const person = (i: number) => `${first[i % first.length]} ${last[(i * 7) % last.length]}`;

const collections: { name: string; leads: number }[] = [
  { name: 'Dentists in Austin', leads: 48 },
  { name: 'SaaS founders', leads: 36 },
  { name: 'Yoga studios', leads: 22 },
];
let firstCollectionId = 0;
for (const [c, spec] of collections.entries()) {
  const { id } = await call(contract.collections.create, { body: { name: spec.name } });
  if (c === 0) firstCollectionId = id;
  await call(contract.leads.create, {
    body: {
      collectionId: id,
      leads: Array.from({ length: spec.leads }, (_, i) => ({
        profileUrl: `https://social.example/${spec.name.toLowerCase().replace(/\W+/g, '.')}.${i + 1}`,
        name: person(i + c * 5),
      })),
    },
  });
}
// Campaign outcomes (the campaign engine will write these): some messaged, some skipped.
await db('leads')
  .where({ organization_id: user.organizationId })
  .whereRaw('id % 3 = 0')
  .update({ has_message_button: true, friend_request_sent_at: db.fn.now() });
await db('leads')
  .where({ organization_id: user.organizationId })
  .whereRaw('id % 5 = 0')
  .update({ message_sent_at: db.fn.now() });
await db('leads')
  .where({ organization_id: user.organizationId })
  .whereRaw('id % 11 = 0')
  .update({ should_skip: true });

const boardCollection = await seedCollection(db, user.organizationId, 'Webinar attendees');
const lines: Record<ConversationStatus, string> = {
  sent: 'Hi! Loved your post about patient reviews.',
  replied: 'Thanks for reaching out, what is this about?',
  qualified: 'We run three clinics, about 40 staff.',
  interested: 'Sounds useful. How does pricing work?',
  'call-to-action-sent': 'Here is my calendar: pick any slot.',
  booked: 'Booked Thursday 10:00, see you then!',
  'website-link-sent': 'The case study is on our site.',
  'contact-later': 'Ping me again after the holidays.',
  'not-interested': 'Not for us right now, thanks.',
  unqualified: 'We are a one-person practice.',
};
const counts: Record<ConversationStatus, number> = {
  sent: 9,
  replied: 6,
  qualified: 4,
  interested: 4,
  'call-to-action-sent': 3,
  booked: 2,
  'website-link-sent': 2,
  'contact-later': 3,
  'not-interested': 2,
  unqualified: 1,
};
let n = 0;
await seedCards(
  db,
  user.organizationId,
  Object.entries(counts).flatMap(([status, count]) =>
    Array.from({ length: count }, () => {
      n += 1;
      return {
        collectionId: boardCollection,
        status: status as ConversationStatus,
        name: person(n * 3),
        messages: [
          { direction: 'out' as const, text: 'Hi! Loved your post about patient reviews.' },
          { direction: 'in' as const, text: lines[status as ConversationStatus] },
        ],
      };
    }),
  ),
);

const proxies: ClientInput<typeof contract.profiles.create>['body'][] = [
  { name: 'Maria — main', proxySource: 'REACHLY', proxyType: 'residential' },
  { name: 'Sales team 1', proxySource: 'REACHLY', proxyType: 'datacenter' },
  {
    name: 'Berlin office',
    proxySource: 'MANUAL',
    proxyType: 'manual',
    HTTPProxyAddress: 'proxy.berlin.example:8080',
    proxyLogin: 'maria',
    proxyPassword: 'secret-password',
    proxyTimezone: 'Europe/Berlin',
  },
  { name: 'Test account', proxySource: 'NOT_USE' },
];
for (const profile of proxies) await call(contract.profiles.create, { body: profile });

const chromium = await launchBrowser();
try {
  const page = await chromium.browser.newPage();
  await page.setViewport({ width: 1440, height: 900 });
  await signIn(
    page,
    { url: running.url } as Parameters<typeof signIn>[1],
    { email, password } as Parameters<typeof signIn>[2],
  );
  const shots: [string, string, string][] = [
    ['board', '/board', 'SENT'],
    ['collections', `/collections/${firstCollectionId}`, 'Dentists in Austin'],
    ['profiles', '/profiles', 'Berlin office'],
  ];
  for (const [name, route, text] of shots) {
    await page.goto(`${running.url}${route}`, { waitUntil: 'networkidle0' });
    await waitForText(page, text);
    await new Promise((r) => setTimeout(r, 500));
    await page.screenshot({ path: path.join(out, `${name}.png`) as `${string}.png` });
    console.log(`saved docs/screenshots/${name}.png`);
  }
} finally {
  await chromium.close();
  await close();
}
