/**
 * The 23 activity / log event types of spec §3.
 *
 * The spec notes that the original product gave TARGETING_FINISHED the same value as
 * TARGETING_STARTED, which looks like a defect: here every type has its own value, so
 * TARGETING_FINISHED is 'TARGETING_FINISHED'.
 */
export const ACTIVITY_EVENT_TYPES = [
  'LAUNCH_FAILED',
  'SENT_FRIEND_REQUEST',
  'SENT_WELCOME_MESSAGE',
  'SENT_AI_REPLY',
  'SENT_CALL_TO_ACTION',
  'DAILY_STATS_COLLECTING_STARTED',
  'DAILY_STATS_COLLECTING_FINISHED',
  'COLLECTING_STARTED',
  'COLLECTING_FINISHED',
  'TARGETING_STARTED',
  'TARGETING_FINISHED',
  'JOINED_TO_GROUP',
  'LIKED_POST',
  'SENT_FOLLOW_UP',
  'MANUAL_SURFING',
  'SIGNAL',
  'DANGER',
  'FETCHING',
  'RESTRICTION',
  'COOKIES',
  'STATUS_CHANGE',
  'CHANGED_PROXY',
  'UPDATED',
] as const;
export type ActivityEventType = (typeof ACTIVITY_EVENT_TYPES)[number];

export const ActivityEvent = Object.fromEntries(ACTIVITY_EVENT_TYPES.map((t) => [t, t])) as {
  readonly [K in ActivityEventType]: K;
};

/**
 * The log types that are also campaign notices (pushed as campaign-notice when they happen, and
 * read back from the log when the run view opens), with the level each is shown at.
 */
export const CAMPAIGN_NOTICE_LEVELS = {
  RESTRICTION: 'danger',
  DANGER: 'danger',
  SIGNAL: 'warning',
  LAUNCH_FAILED: 'danger',
} as const satisfies Partial<Record<ActivityEventType, 'info' | 'warning' | 'danger'>>;
export type CampaignNoticeType = keyof typeof CAMPAIGN_NOTICE_LEVELS;
export const CAMPAIGN_NOTICE_TYPES = Object.keys(CAMPAIGN_NOTICE_LEVELS) as CampaignNoticeType[];

/** Realtime message kinds of spec §3, pushed to an organisation's room. */
export const REALTIME_KINDS = [
  'PROXY_TRAFFIC_UPDATE',
  'LICENSE_UPDATE',
  'PROFILES_ATTACHED',
  'processed-finished',
  'profile-handled',
  'campaign-start',
  'campaign-run-update',
  'campaign-status-update',
  'campaign-log-created',
  'campaign-notice',
] as const;
export type RealtimeKind = (typeof REALTIME_KINDS)[number];

/**
 * The request header a page sends with its tab's id (TAB_ID_PATTERN), so that it can skip the
 * `data-changed` push of its own change (shared/src/realtime.ts).
 */
export const TAB_HEADER = 'x-reachly-tab';
export const TAB_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;
