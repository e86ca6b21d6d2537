/**
 * The demo organisation's sample data (spec §2 demo mode), moved here from the page's former
 * in-browser demo: the names, the four collections, how the 60 conversations spread over the ten
 * funnel columns and their threads, the eight profiles, and the three sample campaigns with how
 * they ran. seed-dataset.ts turns them into rows; nothing here touches the database.
 */
import { type ConversationStatus, PRODUCT_KEY } from '@reachly/shared/constants';
import type {
  CampaignStatus,
  CampaignStep,
  createProfileBodySchema,
  DailyCaps,
  GapSeconds,
  PaymentText,
  WorkingHours,
} from '@reachly/shared/schemas';
import type { z } from 'zod';

/** The sandbox network the demo's people, groups and profiles live on (no real person is in the demo). */
export const DEMO_NETWORK_URL = `https://sandbox.${PRODUCT_KEY}.example`;

/**
 * The buy pages' texts in the demo: nothing can be bought from a demo account, and the texts say so
 * instead of showing a made-up card number or address (issue 19: no placeholder text anywhere).
 */
export const DEMO_PAYMENT_TEXTS: PaymentText[] = [
  {
    method: 'ZELLE',
    text: 'Zelle: not in the demo. Nothing is paid here; create an account to buy a licence.',
  },
  {
    method: 'CARD_NUMBER',
    text: 'Card: not in the demo. Nothing is paid here; create an account to buy a licence.',
  },
];

/** The demo's traffic: 5 GB, 1.8 GB of it used. */
export const DEMO_TRAFFIC = { limit: 5n * 1024n ** 3n, used: 1_932_735_283n };

export const FIRST_NAMES = (
  'Amelia Oliver Isla Mateo Harper Ethan Zoe Lucas Grace Leo Nora Caleb Aria Julian Maya ' +
  'Henry Layla Owen Chloe Ezra Priya Diego Hannah Samuel Elena Marcus Ivy Tobias Naomi ' +
  'Felix'
).split(' ');
export const LAST_NAMES = (
  'Hart Nguyen Patel Garcia Brooks Kim Schmidt Rossi Okafor Larsen Dubois Silva Cohen ' +
  'Walsh Ivanova Tanaka Morales Fischer Reyes Byrne Haddad Novak Lindqvist Mendes Sato ' +
  'Keller Moreau Quinn Abbott Yilmaz'
).split(' ');

/** The four sample collections and how many leads each holds (120 in all). */
export const COLLECTIONS: { name: string; leads: number; source: string }[] = [
  { name: 'Austin realtors', leads: 40, source: 'collect:1' },
  { name: 'SaaS founders', leads: 35, source: 'import' },
  { name: 'Yoga studio owners', leads: 30, source: 'collect:2' },
  { name: 'Wedding photographers', leads: 15, source: 'manual' },
];

/** How many of the 60 sample conversations sit in each status (every status has some). */
export const STATUS_SPREAD: Record<ConversationStatus, number> = {
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
export const THREADS: Record<ConversationStatus, ['in' | 'out', string][]> = {
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

/** The eight sample profiles: every proxy source and login status (passwords are sealed on insert). */
export const PROFILES: z.input<typeof createProfileBodySchema>[] = [
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

/** How a sample campaign ran, in hours before the dataset's `now`; null = never started (a draft). */
export interface SampleRun {
  startedHoursAgo: number;
  /** The last friend request; messaged leads got theirs in the first 60 % of the run. */
  lastRequestHoursAgo: number;
  pausedHoursAgo: number | null;
  /** A RESTRICTION that paused the profile of the last request, this many hours after it. */
  restrictionAfterHours: number | null;
  /** A LAUNCH_FAILED row of this profile this many hours before the pause (the user then paused). */
  launchFailed: { profileId: number; message: string } | null;
}

export interface SampleCampaign {
  name: string;
  collectionId: number;
  profileIds: number[];
  status: CampaignStatus;
  createdDaysAgo: number;
  steps: CampaignStep[];
  dailyCaps: DailyCaps;
  workingHours: WorkingHours;
  gapSeconds: GapSeconds;
  run: SampleRun | null;
}

const ALL_LEADS = { includeKeywords: [], excludeKeywords: [], skipContacted: true };

/**
 * Three campaigns over the sample collections and ready profiles: one running on "Austin realtors"
 * (which it collected), one paused on "Yoga studio owners", one draft on "Wedding photographers".
 */
export const SAMPLE_CAMPAIGNS: SampleCampaign[] = [
  {
    name: 'Austin realtors: intro and follow-up',
    collectionId: 1,
    profileIds: [1, 2, 3],
    status: 'running',
    createdDaysAgo: 14,
    steps: [
      {
        type: 'collect',
        from: { kind: 'group', groupUrl: `${DEMO_NETWORK_URL}/groups/austin-realtors-network` },
        maxCount: 40,
      },
      { type: 'target', filters: ALL_LEADS },
      { type: 'friendRequest' },
      {
        type: 'welcomeMessage',
        template:
          '{Hi|Hello} {firstName}, loved your recent post. Mind if I ask how you find new clients these days?',
      },
      {
        type: 'aiReply',
        intents: {
          interested:
            'Great to hear, {firstName}! We reach out to people who match your ideal client, and you only talk to the warm ones.',
          question:
            '{Good question|Happy to explain}: we start with people who match your clients and hand you the ones who reply.',
          'not-interested': 'No problem at all, {firstName}. Good luck with the season!',
        },
        fallbackTemplate: 'Thanks, {firstName}! {Makes sense|Got it}.',
      },
      {
        type: 'callToAction',
        template: 'Here is my calendar, pick any 15-minute slot that suits you: cal.example/reachly-demo',
      },
      {
        type: 'followUp',
        afterDays: 3,
        template:
          '{Any news|Just checking in}, {firstName}? Happy to share how other realtors fill their calendar.',
        maxCount: 1,
      },
      { type: 'likePosts', count: 5 },
    ],
    dailyCaps: { friendRequest: 15, welcomeMessage: 15, followUp: 10, likePosts: 10 },
    workingHours: { start: '09:00', end: '18:00' },
    gapSeconds: { min: 90, max: 420 },
    run: {
      startedHoursAgo: 13 * 24,
      lastRequestHoursAgo: 6,
      pausedHoursAgo: null,
      restrictionAfterHours: 2,
      launchFailed: null,
    },
  },
  {
    name: 'Yoga studios: spring classes',
    collectionId: 3,
    profileIds: [6, 8],
    status: 'paused',
    createdDaysAgo: 12,
    steps: [
      { type: 'collect', from: { kind: 'search', query: 'yoga studio owner' }, maxCount: 30 },
      { type: 'target', filters: ALL_LEADS },
      { type: 'friendRequest' },
      { type: 'welcomeMessage', template: '{Hi|Hey} {firstName}, do you run classes at your own studio?' },
      {
        type: 'followUp',
        afterDays: 4,
        template: '{Hi again|Hey} {firstName}, did you see my message about the spring classes?',
        maxCount: 1,
      },
    ],
    dailyCaps: { friendRequest: 10 },
    workingHours: { start: '10:00', end: '19:00' },
    gapSeconds: { min: 120, max: 600 },
    run: {
      startedHoursAgo: 11 * 24,
      lastRequestHoursAgo: 4 * 24,
      pausedHoursAgo: 3 * 24,
      restrictionAfterHours: null,
      launchFailed: {
        profileId: 8,
        message: 'The proxy refused the connection (ECONNREFUSED proxy.example.net:8000).',
      },
    },
  },
  {
    name: 'Wedding photographers: portfolio reviews',
    collectionId: 4,
    profileIds: [1, 8],
    status: 'draft',
    createdDaysAgo: 1,
    steps: [
      { type: 'target', filters: { ...ALL_LEADS, hasMessageButton: true } },
      { type: 'friendRequest' },
      {
        type: 'welcomeMessage',
        template:
          '{Hi|Hello} {firstName}, your wedding portfolio is beautiful. Do you ever get more enquiries than you can take?',
      },
      {
        type: 'callToAction',
        template: 'Here is my calendar if you want to compare notes: cal.example/reachly-demo',
      },
      {
        type: 'followUp',
        afterDays: 5,
        template: 'Hi {firstName}, any thoughts on my last message?',
        maxCount: 2,
      },
    ],
    dailyCaps: {},
    workingHours: { start: '08:30', end: '17:30' },
    gapSeconds: { min: 60, max: 300 },
    run: null,
  },
];
