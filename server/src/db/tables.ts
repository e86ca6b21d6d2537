import type {
  ActivityEventType,
  ConversationStatus,
  LoginStatus,
  ProxySourceMode,
  ProxyType,
} from '@reachly/shared/constants';
import type { DoNotContactKind } from '@reachly/shared/logic';
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

/** One change of a card's status (migration 20261127900010): from null for a new card. */
interface FunnelMoveRow {
  id: Int8;
  organization_id: number;
  conversation_id: number;
  from_status: ConversationStatus | null;
  to_status: ConversationStatus;
  moved_by: 'person' | 'engine' | 'import';
  moved_by_user_id: number | null;
  at: Date;
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
  /** The imported CSV's other columns, by header (migration 20261127100010). */
  fields: Record<string, string>;
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

interface ApiKeyRow {
  id: number;
  organization_id: number;
  /** The member who made it: the key acts with their role (migration 20261127300002). */
  created_by: number;
  name: string;
  scope: 'read' | 'read_write';
  /** sha256 of the key, hex: the key itself is never stored. */
  key_hash: string;
  /** The key's last four characters. */
  hint: string;
  created_at: Date;
  last_used_at: Date | null;
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

/** An entry of the organisation's do-not-contact list (migration 20261127500010). */
export interface DoNotContactEntryRow {
  id: number;
  organization_id: number;
  kind: DoNotContactKind;
  value: string;
  note: string;
  added_by_user_id: number | null;
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
  /** The organisation the user chose to act in (migration 20261127300001); null: the first joined. */
  current_organization_id: number | null;
  /** The name the user chose on the account page (migration 20261127400001). */
  name: string | null;
}

interface PasswordResetRow {
  id: number;
  user_id: number;
  /** sha256 of the link's token, hex: the token itself is never stored. */
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
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

interface WebhookEndpointRow {
  id: number;
  organization_id: number;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

interface WebhookEventRow {
  id: Int8;
  message_id: string;
  organization_id: number;
  type: string;
  ordering_key: string | null;
  dedupe_key: string | null;
  data: unknown;
  created_at: Date;
}

interface WebhookDeliveryRow {
  id: number;
  organization_id: number;
  endpoint_id: number;
  event_id: Int8;
  ordering_key: string | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: Date | null;
  locked_until: Date | null;
  claim_token: string | null;
  first_attempt_at: Date | null;
  last_attempt_at: Date | null;
  response_status: number | null;
  latency_ms: number | null;
  response_snippet: string | null;
  error: string | null;
  created_at: Date;
}

/** Every table's row, by table name. */
export interface Tables {
  api_keys: ApiKeyRow;
  app_settings: AppSettingRow;
  campaign_logs: CampaignLogRow;
  campaign_profiles: CampaignProfileRow;
  campaign_tasks: CampaignTaskRow;
  campaigns: CampaignRow;
  client_events: ClientEventRow;
  collections: CollectionRow;
  conversation_messages: ConversationMessageRow;
  conversations: ConversationRow;
  do_not_contact_entries: DoNotContactEntryRow;
  funnel_moves: FunnelMoveRow;
  lead_counts: LeadCountRow;
  leads: LeadRow;
  licences: LicenceRow;
  locator_tables: LocatorTableRow;
  machine_data: MachineDataRow;
  organization_members: OrganizationMemberRow;
  organizations: OrganizationRow;
  page_diagnostics: PageDiagnosticRow;
  password_resets: PasswordResetRow;
  people: PeopleRow;
  profile_cookies: ProfileCookyRow;
  profiles: ProfileRow;
  traffic_allowances: TrafficAllowanceRow;
  users: UserRow;
  visit_counters: VisitCounterRow;
  visit_marks: VisitMarkRow;
  webhook_deliveries: WebhookDeliveryRow;
  webhook_endpoints: WebhookEndpointRow;
  webhook_events: WebhookEventRow;
}

/** A query on one table, its rows typed by Tables. */
export function table<K extends keyof Tables>(db: Knex | Knex.Transaction, name: K) {
  return db<Tables[K]>(name);
}
