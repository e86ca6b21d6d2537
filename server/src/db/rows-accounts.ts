import type { Int8 } from './knex.ts';

/** Rows of the account tables: users, organisations and members, licences and traffic, API keys, password resets, webhooks, settings and visit counters. Read tables.ts first: how the drivers hand rows over. */

export interface AppSettingRow {
  key: string;
  value: unknown;
  updated_at: Date;
}

export interface LicenceRow {
  organization_id: number;
  plan: string;
  is_trial: boolean;
  license_till: Date | null;
  updated_at: Date;
}

export interface ApiKeyRow {
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

export interface OrganizationMemberRow {
  organization_id: number;
  user_id: number;
  role: string;
  created_at: Date;
}

export interface OrganizationRow {
  id: number;
  name: string;
  invite_token: string;
  affiliate_token: string | null;
  created_at: Date;
}

export interface TrafficAllowanceRow {
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

export interface PasswordResetRow {
  id: number;
  user_id: number;
  /** sha256 of the link's token, hex: the token itself is never stored. */
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface VisitCounterRow {
  day: Date | string;
  key: string;
  count: Int8;
}

export interface VisitMarkRow {
  day: Date | string;
  key: string;
  visitor: string;
}

export interface WebhookEndpointRow {
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

export interface WebhookEventRow {
  id: Int8;
  message_id: string;
  organization_id: number;
  type: string;
  ordering_key: string | null;
  dedupe_key: string | null;
  data: unknown;
  created_at: Date;
}

export interface WebhookDeliveryRow {
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
