/** A row of demo_sessions (migration 20261126200100-create-demo-sessions): one per demo organisation. */
export interface DemoSessionRow {
  organization_id: number;
  user_id: number;
  visitor_key: string;
  created_at: Date | string;
  seeded_at: Date | string;
  last_seen_at: Date | string;
}
