import {
  BYTES_PER_GB,
  CONVERSATION_STATUS_VALUES,
  type ConversationStatus,
  PRODUCT_KEY,
  TRIAL_DAYS,
} from '@reachly/shared/constants';
import { seededRandom } from '@reachly/shared/logic';
import { isProfileReady } from '@reachly/shared/schemas';
import { makeCampaigns, retimeCampaignLeads } from './demo-campaign-data.ts';
import type { DemoCollection, DemoConversation, DemoDataset, DemoLead, DemoProfile } from './demo-types.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const FIRST_NAMES = [
  'Amelia',
  'Oliver',
  'Isla',
  'Mateo',
  'Harper',
  'Ethan',
  'Zoe',
  'Lucas',
  'Grace',
  'Leo',
  'Nora',
  'Caleb',
  'Aria',
  'Julian',
  'Maya',
  'Henry',
  'Layla',
  'Owen',
  'Chloe',
  'Ezra',
  'Priya',
  'Diego',
  'Hannah',
  'Samuel',
  'Elena',
  'Marcus',
  'Ivy',
  'Tobias',
  'Naomi',
  'Felix',
];
const LAST_NAMES = [
  'Hart',
  'Nguyen',
  'Patel',
  'Garcia',
  'Brooks',
  'Kim',
  'Schmidt',
  'Rossi',
  'Okafor',
  'Larsen',
  'Dubois',
  'Silva',
  'Cohen',
  'Walsh',
  'Ivanova',
  'Tanaka',
  'Morales',
  'Fischer',
  'Reyes',
  'Byrne',
  'Haddad',
  'Novak',
  'Lindqvist',
  'Mendes',
  'Sato',
  'Keller',
  'Moreau',
  'Quinn',
  'Abbott',
  'Yilmaz',
];

/** The four sample collections and how many leads each holds (120 in all). */
const COLLECTIONS: { name: string; leads: number; source: string }[] = [
  { name: 'Austin realtors', leads: 40, source: 'collect:1' },
  { name: 'SaaS founders', leads: 35, source: 'import' },
  { name: 'Yoga studio owners', leads: 30, source: 'collect:2' },
  { name: 'Wedding photographers', leads: 15, source: 'manual' },
];

/** How many of the 60 sample conversations sit in each status (every status has some). */
const STATUS_SPREAD: Record<ConversationStatus, number> = {
  sent: 12,
  replied: 9,
  qualified: 7,
  interested: 6,
  'call-to-action-sent': 5,
  booked: 4,
  'website-link-sent': 4,
  'contact-later': 5,
  'not-interested': 5,
  unqualified: 3,
};

/** A short thread per status: [direction, text], `{first}` is the lead's first name. */
const THREADS: Record<ConversationStatus, ['in' | 'out', string][]> = {
  sent: [['out', 'Hi {first}, loved your recent post. Mind if I ask how you find new clients these days?']],
  replied: [
    ['out', 'Hi {first}, quick question: how do you find new clients these days?'],
    ['in', 'Mostly referrals, honestly. Why do you ask?'],
  ],
  qualified: [
    ['out', 'Hi {first}, how do you find new clients these days?'],
    ['in', 'Referrals and a bit of Instagram. It is slow this season.'],
    ['out', 'Makes sense. Would 5 to 10 extra enquiries a month help?'],
    ['in', 'It would, if they are real leads.'],
  ],
  interested: [
    ['out', 'Hi {first}, we help businesses like yours get steady enquiries.'],
    ['in', 'Sounds interesting. How does it work?'],
    ['out', 'We reach out to people who match your ideal client, and you only talk to the warm ones.'],
    ['in', 'Ok, I would like to know more.'],
  ],
  'call-to-action-sent': [
    ['out', 'Hi {first}, happy to show you how it works.'],
    ['in', 'Sure, tell me more.'],
    ['out', 'Here is my calendar, pick any 15-minute slot that suits you: cal.example/reachly-demo'],
  ],
  booked: [
    ['out', 'Hi {first}, here is my calendar for a short call: cal.example/reachly-demo'],
    ['in', 'Booked Thursday at 10!'],
    ['out', 'Great, talk to you then.'],
  ],
  'website-link-sent': [
    ['in', 'Do you have a website I can look at first?'],
    ['out', 'Of course: reachly.example. The case studies page is a good start.'],
  ],
  'contact-later': [
    ['out', 'Hi {first}, would more enquiries help this quarter?'],
    ['in', 'Busy season right now, can you ping me next month?'],
    ['out', 'Will do, good luck with the season!'],
  ],
  'not-interested': [
    ['out', 'Hi {first}, would more enquiries help this quarter?'],
    ['in', 'Thanks, but we are fully booked. Not interested.'],
  ],
  unqualified: [
    ['out', 'Hi {first}, do you take on new clients?'],
    ['in', 'I closed my business last year, sorry.'],
  ],
};

const PROFILES: Omit<DemoProfile, 'id' | 'isReady' | 'createdAt' | 'updatedAt' | 'hasProxyPassword'>[] = [
  {
    name: 'Emma Carter',
    loginStatus: 'logged-in',
    proxySource: 'REACHLY',
    proxyType: 'residential',
    HTTPProxyAddress: 'us-res-1.proxy.reachly.example:10001',
    proxyLogin: null,
    proxyPassword: null,
    proxyTimezone: 'America/Chicago',
  },
  {
    name: 'Liam Brooks',
    loginStatus: 'logged-in',
    proxySource: 'REACHLY',
    proxyType: 'datacenter',
    HTTPProxyAddress: 'us-dc-4.proxy.reachly.example:10004',
    proxyLogin: null,
    proxyPassword: null,
    proxyTimezone: 'America/New_York',
  },
  {
    name: 'Sofia Ramirez',
    loginStatus: 'logged-in',
    proxySource: 'MANUAL',
    proxyType: 'manual',
    HTTPProxyAddress: 'http://203.0.113.24:3128',
    proxyLogin: 'sofia',
    proxyPassword: 'demo-secret-1',
    proxyTimezone: 'Europe/Madrid',
  },
  {
    name: 'Noah Fischer',
    loginStatus: 'checkpoint',
    proxySource: 'MANUAL',
    proxyType: 'manual',
    HTTPProxyAddress: '198.51.100.7:8080',
    proxyLogin: 'noah.f',
    proxyPassword: 'demo-secret-2',
    proxyTimezone: null,
  },
  {
    name: 'Ava Thompson',
    loginStatus: 'logged-out',
    proxySource: 'NOT_USE',
    proxyType: null,
    HTTPProxyAddress: null,
    proxyLogin: null,
    proxyPassword: null,
    proxyTimezone: null,
  },
  {
    name: 'Mia Kowalski',
    loginStatus: 'logged-in',
    proxySource: 'NOT_USE',
    proxyType: null,
    HTTPProxyAddress: null,
    proxyLogin: null,
    proxyPassword: null,
    proxyTimezone: null,
  },
  {
    name: 'Lucas Silva',
    loginStatus: 'unknown',
    proxySource: 'REACHLY',
    proxyType: 'residential',
    HTTPProxyAddress: 'br-res-2.proxy.reachly.example:10002',
    proxyLogin: null,
    proxyPassword: null,
    proxyTimezone: null,
  },
  {
    name: 'Chloe Martin',
    loginStatus: 'logged-in',
    proxySource: 'MANUAL',
    proxyType: 'manual',
    HTTPProxyAddress: 'proxy.example.net:8000',
    proxyLogin: 'chloe',
    proxyPassword: 'demo-secret-3',
    proxyTimezone: 'Europe/Paris',
  },
];

const iso = (ms: number) => new Date(ms).toISOString();

function makeLeads(now: number, random: () => number): { collections: DemoCollection[]; leads: DemoLead[] } {
  const collections: DemoCollection[] = [];
  const leads: DemoLead[] = [];
  let leadId = 1;
  COLLECTIONS.forEach((spec, c) => {
    const id = c + 1;
    collections.push({ id, name: spec.name, createdAt: iso(now - (60 - c * 10) * DAY_MS) });
    for (let i = 0; i < spec.leads; i++) {
      const n = leadId - 1;
      const firstName = FIRST_NAMES[n % FIRST_NAMES.length] ?? 'Alex';
      const lastName = LAST_NAMES[(n * 7 + c) % LAST_NAMES.length] ?? 'Doe';
      const createdAt = now - (50 - c * 10) * DAY_MS + i * HOUR_MS;
      // Every other lead has been messaged (60 of 120): they carry the conversations.
      const messaged = n % 2 === 0;
      const requested = messaged || random() < 0.4;
      leads.push({
        id: leadId,
        collectionId: id,
        profileUrl: `https://facebook.com/${firstName.toLowerCase()}.${lastName.toLowerCase()}.${100 + n}`,
        name: `${firstName} ${lastName}`,
        firstName,
        lastName,
        avatarUrl: null,
        hasMessageButton: messaged || random() < 0.55,
        isExcluded: !messaged && random() < 0.12,
        shouldSkip: !messaged && random() < 0.08,
        source: spec.source,
        friendRequestSentAt: requested ? iso(createdAt + 2 * DAY_MS) : null,
        messageSentAt: messaged ? iso(createdAt + 4 * DAY_MS) : null,
        createdAt: iso(createdAt),
      });
      leadId += 1;
    }
  });
  return { collections, leads };
}

function makeConversations(now: number, leads: DemoLead[], profileIds: number[]): DemoConversation[] {
  const messaged = leads.filter((l) => l.messageSentAt !== null);
  const statuses = CONVERSATION_STATUS_VALUES.flatMap((s) =>
    Array<ConversationStatus>(STATUS_SPREAD[s]).fill(s),
  );
  const conversations: DemoConversation[] = [];
  const perStatus = new Map<ConversationStatus, number>();
  let messageId = 1;
  messaged.forEach((lead, i) => {
    const status = statuses[(i * 7) % statuses.length] ?? 'sent';
    // i*7 mod 60 visits every slot once (7 and 60 are coprime): the spread above holds exactly.
    const rank = (perStatus.get(status) ?? 0) + 1;
    perStatus.set(status, rank);
    const started = Date.parse(lead.messageSentAt ?? iso(now));
    const messages = THREADS[status].map(([direction, text], m) => ({
      id: messageId++,
      direction,
      text: text.replace('{first}', lead.firstName ?? 'there'),
      sentAt: iso(started + m * 5 * HOUR_MS),
    }));
    const last = messages.at(-1);
    conversations.push({
      id: i + 1,
      leadId: lead.id,
      profileId: profileIds[i % profileIds.length] ?? null,
      collectionId: lead.collectionId,
      status,
      order: rank * 1000,
      statusUpdateDate: status === 'sent' ? null : (last?.sentAt ?? null),
      name: lead.name,
      avatarUrl: lead.avatarUrl,
      lastMessage: last?.text ?? null,
      lastMessageAt: last?.sentAt ?? null,
      // What answers leave on cards: a day to write again, a reply the model left to a person, a referral.
      contactOn: status === 'contact-later' ? iso(now + (2 + rank * 5) * 24 * HOUR_MS).slice(0, 10) : null,
      needsPerson:
        status === 'replied' && rank === 1
          ? 'Not sure what this means (best guess question, confidence 0.41)'
          : null,
      note: status === 'unqualified' && rank === 1 ? 'Pointed to Sarah Miller (not the right person)' : null,
      messages,
    });
  });
  return conversations;
}

/**
 * The demo's sample data (spec §2 demo mode): 4 collections and 120 leads, 60 conversations over
 * all ten statuses with short threads, 8 profiles with every proxy source and login status, three
 * campaigns (running, paused, draft) with their log, a trial user and its traffic. Deterministic:
 * the same seed gives the same data; dates count back from `now`.
 */
export function createDemoDataset(now: Date = new Date()): DemoDataset {
  const t = now.getTime();
  const random = seededRandom(20_240_611);
  const { collections, leads } = makeLeads(t, random);
  retimeCampaignLeads(leads, t);
  const profiles: DemoProfile[] = PROFILES.map((p, i) => ({
    ...p,
    id: i + 1,
    hasProxyPassword: p.proxyPassword !== null,
    isReady: isProfileReady(p),
    createdAt: iso(t - (40 - i) * DAY_MS),
    updatedAt: iso(t - (10 - i) * DAY_MS),
  }));
  const readyIds = profiles.filter((p) => p.isReady).map((p) => p.id);
  const conversations = makeConversations(t, leads, readyIds);
  const campaigns = makeCampaigns({ now: t, leads, conversations, profiles });
  return {
    user: {
      id: 0,
      email: `demo@${PRODUCT_KEY}.example`,
      data: { email: `demo@${PRODUCT_KEY}.example` },
      accessToken: 'demo-access-token',
      isBanned: false,
      organizationId: 0,
      license: { plan: 'trial', isTrial: true, licenseTill: iso(t + TRIAL_DAYS * DAY_MS) },
      areProfilesGiven: true,
      paymentTexts: [
        {
          method: 'ZELLE',
          text: `Zelle: payments@${PRODUCT_KEY}.example (write your account email in the memo)`,
        },
        { method: 'CARD_NUMBER', text: 'Card: 4000 0000 0000 0002 (Reachly Inc.)' },
      ],
      offeredDesktopVersion: null,
    },
    traffic: { limit: BigInt(BYTES_PER_GB) * 5n, used: 1_932_735_283n },
    collections,
    leads,
    conversations,
    profiles,
    machineData: null,
    ...campaigns,
    profileCookies: [],
  };
}
