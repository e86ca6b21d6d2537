import type {
  ActivityEventType,
  ConversationStatus,
  LoginStatus,
  ProxySourceMode,
  ProxyType,
} from '@reachly/shared/constants';
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
import type { Knex } from 'knex';

/**
 * The row of every table, as both drivers hand it over (checked against the migrated schema):
 * integer and double columns are numbers, timestamps are Dates, text is a string, jsonb is parsed.
 * bigint (int8) columns are the one difference: PGlite answers a number, pg a string (knex.ts keeps
 * int8 as text on pg, so traffic bytes never lose precision), hence Int8; read them with toCount or
 * toBigIntString. The same holds for count(*).
 *
 * `table(db, 'campaigns')` is a query whose rows come out as CampaignRow; a query with aliases or
 * joins names its own row shape. Elsewhere a row type is `Tables['campaigns']`: the row interfaces
 * below are this file's own names for Tables' members, exported where a module imports one by name.
 */

/** What a campaign's `settings` jsonb column holds (validated by the shared campaign schema on the way in). */
export interface CampaignSettings {
  steps: CampaignStep[];
  dailyCaps: DailyCaps;
  workingHours: WorkingHours;
  gapSeconds: GapSeconds;
}

/** An int8 value: a number on PGlite, a decimal string on pg. */
type Int8 = number | string;

interface AppSettingRow {
  key: string;
  value: unknown;
  updated_at: Date;
}

interface CampaignLogRow {
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

interface CampaignProfileRow {
  organization_id: number;
  campaign_id: number;
  profile_id: number;
}

interface CampaignTaskRow {
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

interface CampaignRow {
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

interface ClientEventRow {
  id: Int8;
  organization_id: number | null;
  user_id: number | null;
  type: string;
  source: string;
  url: string | null;
  guest_id: string | null;
  payload: unknown;
  created_at: Date;
}

interface CollectionRow {
  id: number;
  organization_id: number;
  name: string;
  created_at: Date;
}

interface ConversationMessageRow {
  id: number;
  organization_id: number;
  conversation_id: number;
  direction: MessageDirection;
  text: string;
  sent_at: Date;
  network_sent_at: Date | null;
  network_message_id: string | null;
}

interface ConversationRow {
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
}

interface LeadCountRow {
  id: Int8;
  organization_id: number;
  collection_id: number;
  is_excluded: boolean;
  n: Int8;
}

interface LeadRow {
  id: number;
  organization_id: number;
  collection_id: number;
  profile_url: string;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  avatar_url: string | null;
  has_message_button: boolean | null;
  is_excluded: boolean;
  should_skip: boolean;
  source: string | null;
  friend_request_sent_at: Date | null;
  message_sent_at: Date | null;
  created_at: Date;
  friend_accepted_at: Date | null;
}

interface LicenceRow {
  organization_id: number;
  plan: string;
  is_trial: boolean;
  license_till: Date | null;
  updated_at: Date;
}

interface LocatorTableRow {
  id: number;
  network: string;
  version: number;
  table: unknown;
  published_at: Date;
}

interface MachineDataRow {
  id: number;
  organization_id: number;
  user_id: number;
  machine_id: string;
  reachly_version: string | null;
  extension_version: string | null;
  platform: string | null;
  os: string | null;
  updated_at: Date;
}

interface OrganizationMemberRow {
  organization_id: number;
  user_id: number;
  role: string;
  created_at: Date;
}

interface OrganizationRow {
  id: number;
  name: string;
  invite_token: string;
  affiliate_token: string | null;
  created_at: Date;
}

interface PageDiagnosticRow {
  id: number;
  organization_id: number;
  profile_id: number;
  network: string;
  locator: string;
  url_pattern: string;
  lang: string;
  table_version: number;
  signature: unknown;
  created_at: Date;
}

interface PeopleRow {
  organization_id: number;
  profile_url: string;
  owner_profile_id: number | null;
  owner_campaign_id: number | null;
  do_not_contact: boolean;
  do_not_contact_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

interface ProfileCookyRow {
  profile_id: number;
  organization_id: number;
  cookies_encrypted: string;
  cookie_count: number;
  stored_at: Date;
  imported_at: Date | null;
}

interface ProfileRow {
  id: number;
  organization_id: number;
  name: string;
  login_status: LoginStatus;
  proxy_source: ProxySourceMode;
  proxy_type: ProxyType | null;
  http_proxy_address: string | null;
  proxy_login: string | null;
  proxy_password_encrypted: string | null;
  proxy_timezone: string | null;
  is_ready: boolean;
  created_at: Date;
  updated_at: Date;
  paused_until: Date | null;
  pause_reason: string | null;
  next_action_at: Date | null;
  warmup_started_at: Date | null;
  pause_streak: number;
  last_pause_at: Date | null;
  last_claim_at: Date | null;
  stats_day: string | null;
}

interface TrafficAllowanceRow {
  organization_id: number;
  traffic_limit: Int8;
  used_traffic: Int8;
  updated_at: Date;
}

export interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  access_token: string;
  is_banned: boolean;
  payment_texts: unknown;
  affiliate_token: string | null;
  created_at: Date;
  updated_at: Date;
  session_version: number;
}

interface VisitCounterRow {
  day: Date | string;
  key: string;
  count: Int8;
}

interface VisitMarkRow {
  day: Date | string;
  key: string;
  visitor: string;
}

/** Every table's row, by table name. */
export interface Tables {
  app_settings: AppSettingRow;
  campaign_logs: CampaignLogRow;
  campaign_profiles: CampaignProfileRow;
  campaign_tasks: CampaignTaskRow;
  campaigns: CampaignRow;
  client_events: ClientEventRow;
  collections: CollectionRow;
  conversation_messages: ConversationMessageRow;
  conversations: ConversationRow;
  lead_counts: LeadCountRow;
  leads: LeadRow;
  licences: LicenceRow;
  locator_tables: LocatorTableRow;
  machine_data: MachineDataRow;
  organization_members: OrganizationMemberRow;
  organizations: OrganizationRow;
  page_diagnostics: PageDiagnosticRow;
  people: PeopleRow;
  profile_cookies: ProfileCookyRow;
  profiles: ProfileRow;
  traffic_allowances: TrafficAllowanceRow;
  users: UserRow;
  visit_counters: VisitCounterRow;
  visit_marks: VisitMarkRow;
}

/** A query on one table, its rows typed by Tables. */
export function table<K extends keyof Tables>(db: Knex | Knex.Transaction, name: K) {
  return db<Tables[K]>(name);
}
