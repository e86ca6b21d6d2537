/** The shapes of the demo's sample data (sample-dataset.ts makes them; seed-dataset.ts writes them). */
import type { ActivityEventType, ConversationStatus } from '@reachly/shared/constants';
import type {
  CampaignAction,
  CampaignStatus,
  CampaignStep,
  CreateProfileBody,
  DailyCaps,
  GapSeconds,
  WorkingHours,
} from '@reachly/shared/schemas';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const iso = (ms: number) => new Date(ms).toISOString();

export interface SampleCollection {
  id: number;
  name: string;
  createdAt: string;
}

export interface SampleLead {
  id: number;
  collectionId: number;
  profileUrl: string;
  name: string;
  firstName: string;
  lastName: string;
  hasMessageButton: boolean;
  isExcluded: boolean;
  shouldSkip: boolean;
  source: string;
  friendRequestSentAt: string | null;
  messageSentAt: string | null;
  createdAt: string;
}

interface SampleMessage {
  id: number;
  direction: 'in' | 'out';
  text: string;
  sentAt: string;
}

export interface SampleConversation {
  id: number;
  leadId: number;
  profileId: number | null;
  collectionId: number;
  status: ConversationStatus;
  order: number;
  statusUpdateDate: string | null;
  lastMessage: string | null;
  lastMessageAt: string | null;
  contactOn: string | null;
  needsPerson: string | null;
  note: string | null;
  messages: SampleMessage[];
}

export interface SampleProfile {
  id: number;
  body: CreateProfileBody;
  isReady: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface SampleCampaignRow {
  id: number;
  name: string;
  collectionId: number;
  profileIds: number[];
  steps: CampaignStep[];
  dailyCaps: DailyCaps;
  workingHours: WorkingHours;
  gapSeconds: GapSeconds;
  status: CampaignStatus;
  createdAt: string;
  updatedAt: string;
}

/** A task a campaign has done: stats, the funnel and today's counts are counted from these. */
export interface SampleTask {
  id: number;
  campaignId: number;
  profileId: number | null;
  leadId: number | null;
  /** The engine's step_key: the step type, `followUp:<n>:<repeat>` or `aiReply:<message id>`. */
  stepKey: string;
  action: CampaignAction;
  finishedAt: string;
  /** friendRequest only: when the lead accepted, or null. */
  acceptedAt: string | null;
}

export interface SampleLog {
  id: number;
  campaignId: number;
  profileId: number | null;
  leadId: number | null;
  type: ActivityEventType;
  message: string;
  createdAt: string;
}

/** A profile paused by a RESTRICTION signal until `until`. */
export interface SamplePause {
  profileId: number;
  until: string;
  reason: string;
}

export interface SampleDataset {
  collections: SampleCollection[];
  leads: SampleLead[];
  conversations: SampleConversation[];
  profiles: SampleProfile[];
  campaigns: SampleCampaignRow[];
  campaignTasks: SampleTask[];
  /** Every campaign's log rows, in the order they happened. */
  campaignLogs: SampleLog[];
  profilePauses: SamplePause[];
}
