import type { Knex } from 'knex';
import type {
  ApiKeyRow,
  AppSettingRow,
  LicenceRow,
  OrganizationMemberRow,
  OrganizationRow,
  PasswordResetRow,
  TrafficAllowanceRow,
  UserRow,
  VisitCounterRow,
  VisitMarkRow,
  WebhookDeliveryRow,
  WebhookEndpointRow,
  WebhookEventRow,
} from './rows-accounts.ts';
import type {
  CampaignLogRow,
  CampaignProfileRow,
  CampaignRow,
  CampaignTaskRow,
  ConversationMessageRow,
  ConversationRow,
  FunnelMoveRow,
  ManualMessageRow,
  PeopleRow,
  ProfileSlowDownRow,
} from './rows-campaigns.ts';
import type {
  ClientEventRow,
  CollectionRow,
  DoNotContactEntryRow,
  LeadCountRow,
  LeadRow,
  LocatorTableRow,
  MachineDataRow,
  PageDiagnosticRow,
  ProfileCookyRow,
  ProfileRow,
} from './rows-leads-profiles.ts';

/**
 * The row of every table, as both drivers hand it over (checked against the migrated schema):
 * integer and double columns are numbers, timestamps are Dates, text is a string, jsonb is parsed.
 * bigint (int8) columns are the one difference: PGlite answers a number, pg a string (knex.ts keeps
 * int8 as text on pg, so traffic bytes never lose precision), hence Int8; read them with toCount or
 * toBigIntString. The same holds for count(*).
 *
 * `table(db, 'campaigns')` is a query whose rows come out as CampaignRow; a query with aliases or
 * joins names its own row shape. Elsewhere a row type is `Tables['campaigns']`: the row interfaces
 * in rows-accounts.ts, rows-campaigns.ts and rows-leads-profiles.ts are the names of Tables' members.
 */

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
  manual_messages: ManualMessageRow;
  organization_members: OrganizationMemberRow;
  organizations: OrganizationRow;
  page_diagnostics: PageDiagnosticRow;
  password_resets: PasswordResetRow;
  people: PeopleRow;
  profile_cookies: ProfileCookyRow;
  profile_slow_downs: ProfileSlowDownRow;
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
