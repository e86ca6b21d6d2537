/**
 * The demo organisation's data as plain values, made from sample-data.ts: 4 collections and 120
 * leads, 60 conversations over all ten funnel columns with short threads, 8 profiles with every
 * proxy source and login status, three campaigns (running, paused, draft) with what they did.
 * Deterministic: the same `now` gives the same data; dates count back from it. Ids are local
 * (1, 2, …); seed-dataset.ts maps them to the rows it inserts.
 */
import { CONVERSATION_STATUS_VALUES, type ConversationStatus } from '@reachly/shared/constants';
import { seededRandom } from '@reachly/shared/logic';
import { createProfileBodySchema, isProfileReady } from '@reachly/shared/schemas';
import {
  COLLECTIONS,
  DEMO_NETWORK_URL,
  FIRST_NAMES,
  LAST_NAMES,
  PROFILES,
  STATUS_SPREAD,
  THREADS,
} from './sample-data.ts';
import { makeCampaigns, retimeCampaignLeads } from './sample-history.ts';
import {
  DAY_MS,
  HOUR_MS,
  iso,
  type SampleCollection,
  type SampleConversation,
  type SampleDataset,
  type SampleLead,
  type SampleProfile,
} from './sample-types.ts';

function makeLeads(now: number, random: () => number) {
  const collections: SampleCollection[] = [];
  const leads: SampleLead[] = [];
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
      const slug = `${firstName.toLowerCase()}.${lastName.toLowerCase()}.${100 + n}`;
      leads.push({
        id: leadId,
        collectionId: id,
        profileUrl: `${DEMO_NETWORK_URL}/people/${slug}`,
        name: `${firstName} ${lastName}`,
        firstName,
        lastName,
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

function makeConversations(now: number, leads: SampleLead[], profileIds: number[]): SampleConversation[] {
  const messaged = leads.filter((l) => l.messageSentAt !== null);
  const statuses = CONVERSATION_STATUS_VALUES.flatMap((s) =>
    Array<ConversationStatus>(STATUS_SPREAD[s]).fill(s),
  );
  const conversations: SampleConversation[] = [];
  const perStatus = new Map<ConversationStatus, number>();
  let messageId = 1;
  messaged.forEach((lead, i) => {
    // i*7 mod 60 visits every slot once (7 and 60 are coprime): the spread holds exactly.
    const status = statuses[(i * 7) % statuses.length] ?? 'sent';
    const rank = (perStatus.get(status) ?? 0) + 1;
    perStatus.set(status, rank);
    const started = Date.parse(lead.messageSentAt ?? iso(now));
    const messages = THREADS[status].map(([direction, text], m) => ({
      id: messageId++,
      direction,
      text: text.replace('{first}', lead.firstName),
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
      lastMessage: last?.text ?? null,
      lastMessageAt: last?.sentAt ?? null,
      // What answers leave on cards: a day to write again, a reply the model left to a person, a referral.
      contactOn: status === 'contact-later' ? iso(now + (2 + rank * 5) * DAY_MS).slice(0, 10) : null,
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

/** The demo's sample data, dates counted back from `now`. */
export function createSampleDataset(now: Date): SampleDataset {
  const t = now.getTime();
  const random = seededRandom(20_240_611);
  const { collections, leads } = makeLeads(t, random);
  retimeCampaignLeads(leads, t);
  const profiles: SampleProfile[] = PROFILES.map((input, i) => {
    const body = createProfileBodySchema.parse(input);
    return {
      id: i + 1,
      body,
      isReady: isProfileReady(body),
      createdAt: iso(t - (40 - i) * DAY_MS),
      updatedAt: iso(t - (10 - i) * DAY_MS),
    };
  });
  const readyIds = profiles.filter((p) => p.isReady).map((p) => p.id);
  const conversations = makeConversations(t, leads, readyIds);
  const campaigns = makeCampaigns({ now: t, leads, conversations, profiles });
  return { collections, leads, conversations, profiles, ...campaigns };
}
