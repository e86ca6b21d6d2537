import type { LoginStatus, ProxySourceMode, ProxyType } from '@reachly/shared/constants';
import type { DoNotContactKind } from '@reachly/shared/logic';
import type { Int8 } from './knex.ts';

/** Rows of the lead and profile tables: collections, leads and their counts, do-not-contact, profiles, their cookies and machines, and what the extension reports (locators, diagnostics, client events). Read tables.ts first: how the drivers hand rows over. */

export interface ClientEventRow {
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

export interface CollectionRow {
  id: number;
  organization_id: number;
  name: string;
  created_at: Date;
}

export interface LeadCountRow {
  id: Int8;
  organization_id: number;
  collection_id: number;
  is_excluded: boolean;
  /** Each counter's change: leads, and those with a Message button not false, a friend request
   * sent, a message sent, to skip (migration 20261128235010). */
  n: Int8;
  has_message_button: Int8;
  sent_friend_requests: Int8;
  sent_messages: Int8;
  should_skip: Int8;
}

export interface LeadRow {
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
  /** The campaign withdrew the request, unanswered (migration 20261128234010). */
  friend_request_withdrawn_at: Date | null;
  /** The imported CSV's other columns, by header (migration 20261127100010). */
  fields: Record<string, string>;
}

export interface LocatorTableRow {
  id: number;
  network: string;
  version: number;
  table: unknown;
  published_at: Date;
}

export interface MachineDataRow {
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

export interface PageDiagnosticRow {
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

export interface ProfileCookyRow {
  profile_id: number;
  organization_id: number;
  cookies_encrypted: string;
  cookie_count: number;
  stored_at: Date;
  imported_at: Date | null;
}

export interface ProfileRow {
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
