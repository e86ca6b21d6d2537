import type { ActivityEventType, ConversationStatus } from '@reachly/shared/constants';
import type {
  CampaignAction,
  CampaignStatus,
  CampaignStep,
  DailyCaps,
  GapSeconds,
  MessageDirection,
  TaskStatus,
  WorkingHours,
} from '@reachly/shared/schemas';
import type { Int8 } from './knex.ts';

/** Rows of the campaign engine's tables: campaigns, their profiles, tasks and logs, the people they reach, and the funnel's conversations and history. Read tables.ts first: how the drivers hand rows over. */

/** What a campaign's `settings` jsonb column holds (validated by the shared campaign schema on the way in). */
export interface CampaignSettings {
  steps: CampaignStep[];
  dailyCaps: DailyCaps;
  workingHours: WorkingHours;
  gapSeconds: GapSeconds;
}

export interface CampaignLogRow {
  id: Int8;
  organization_id: number;
  campaign_id: number | null;
  profile_id: number | null;
  lead_id: number | null;
  type: ActivityEventType;
  message: string | null;
  payload: unknown;
  created_at: Date;
}

export interface CampaignProfileRow {
  organization_id: number;
  campaign_id: number;
  profile_id: number;
}

export interface CampaignTaskRow {
  id: Int8;
  organization_id: number;
  campaign_id: number;
  profile_id: number | null;
  lead_id: number | null;
  step_key: string;
  status: TaskStatus;
  due_at: Date;
  claimed_at: Date | null;
  attempts: number;
  payload: Record<string, unknown> | string | null;
  result: unknown;
  created_at: Date;
  finished_at: Date | null;
  action: CampaignAction;
  lease_until: Date | null;
  started_at: Date | null;
}

export interface CampaignRow {
  id: number;
  organization_id: number;
  collection_id: number;
  name: string;
  status: CampaignStatus;
  settings: CampaignSettings | string;
  created_at: Date;
  updated_at: Date;
  planned_at: Date | null;
}

export interface ConversationMessageRow {
  id: number;
  organization_id: number;
  conversation_id: number;
  direction: MessageDirection;
  text: string;
  sent_at: Date;
  network_sent_at: Date | null;
  network_message_id: string | null;
}

export interface ConversationRow {
  id: number;
  organization_id: number;
  lead_id: number;
  profile_id: number | null;
  collection_id: number;
  status: ConversationStatus;
  order: number;
  status_update_date: Date | null;
  last_message: string | null;
  last_message_at: Date | null;
  created_at: Date;
  manual_status_at: Date | null;
  contact_on: string | null;
  needs_person: string | null;
  note: string | null;
  assigned_user_id: number | null;
  read_at: Date | null;
  done_at: Date | null;
  ai_paused_at: Date | null;
  last_inbound_at: Date | null;
}

/** A reply a person wrote in the inbox (migration 20261128100010), sent by the profile's browser. */
export interface ManualMessageRow {
  id: Int8;
  organization_id: number;
  conversation_id: number;
  profile_id: number;
  created_by: number | null;
  text: string;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  error: string | null;
  outside_working_hours: boolean;
  attempts: number;
  sent_before: number | null;
  lease_until: Date | null;
  created_at: Date;
  sent_at: Date | null;
  message_id: number | null;
}

/** One change of a card's status (migration 20261127900010): from null for a new card. */
export interface FunnelMoveRow {
  id: Int8;
  organization_id: number;
  conversation_id: number;
  from_status: ConversationStatus | null;
  to_status: ConversationStatus;
  moved_by: 'person' | 'engine' | 'import';
  moved_by_user_id: number | null;
  at: Date;
}

export interface PeopleRow {
  organization_id: number;
  profile_url: string;
  owner_profile_id: number | null;
  owner_campaign_id: number | null;
  do_not_contact: boolean;
  do_not_contact_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A profile's friend-request slow-down for a campaign (migration 20261128233010). */
export interface ProfileSlowDownRow {
  profile_id: number;
  campaign_id: number;
  /** 0 full cap, 1 half, 2 a quarter (shared/src/logic/slow-down.ts). */
  level: number;
  /** The profile's local day (YYYY-MM-DD) the level was decided for. */
  day: string;
  accepted: number;
  decided: number;
  updated_at: Date;
}
