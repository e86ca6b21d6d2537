import type { ActivityEventType } from '@reachly/shared/constants';
import type { CampaignStatus, CampaignStepType } from '@reachly/shared/schemas';

export const STATUS_LABELS: Readonly<Record<CampaignStatus, string>> = {
  draft: 'Draft',
  running: 'Running',
  paused: 'Paused',
  stopped: 'Stopped',
  finished: 'Finished',
};

/** Badge colour palettes; the subtle badge's text is dark enough for WCAG AA in each. */
export const STATUS_PALETTES: Readonly<Record<CampaignStatus, string>> = {
  draft: 'gray',
  running: 'green',
  paused: 'orange',
  stopped: 'red',
  finished: 'blue',
};

export const STEP_DESCRIPTIONS: Readonly<Record<CampaignStepType, string>> = {
  collect: 'Collect people from a group or a search into the collection.',
  target: "Choose which of the collection's leads the campaign works.",
  friendRequest: 'Send each targeted lead a friend request.',
  welcomeMessage: 'Message a lead once the friend request is accepted.',
  aiReply: "Answer a lead's reply by its intent.",
  callToAction: 'Message qualified leads with your offer.',
  followUp: 'Write again when a lead has not replied.',
  joinGroups: 'Join groups with each profile.',
  likePosts: 'Like posts in the feed every day.',
  acceptRequests: 'Confirm friend requests people send your profiles; they join the funnel.',
  visitProfile: "Open each targeted lead's page first: they see the visit before anything else.",
  followPerson: 'Follow each targeted lead: the soft alternative to a friend request, or before one.',
};

export const LOG_TYPE_LABELS: Readonly<Record<ActivityEventType, string>> = {
  LAUNCH_FAILED: 'Launch failed',
  SENT_FRIEND_REQUEST: 'Friend request sent',
  SENT_WELCOME_MESSAGE: 'Welcome message sent',
  SENT_AI_REPLY: 'AI reply sent',
  SENT_CALL_TO_ACTION: 'Call to action sent',
  DAILY_STATS_COLLECTING_STARTED: 'Daily stats started',
  DAILY_STATS_COLLECTING_FINISHED: 'Daily stats finished',
  COLLECTING_STARTED: 'Collecting started',
  COLLECTING_FINISHED: 'Collecting finished',
  TARGETING_STARTED: 'Targeting started',
  TARGETING_FINISHED: 'Targeting finished',
  JOINED_TO_GROUP: 'Joined a group',
  LIKED_POST: 'Liked a post',
  SENT_FOLLOW_UP: 'Follow-up sent',
  MANUAL_SURFING: 'Browsing',
  SIGNAL: 'Signal',
  DANGER: 'Danger',
  FETCHING: 'Fetching',
  RESTRICTION: 'Restriction',
  COOKIES: 'Cookies',
  STATUS_CHANGE: 'Status changed',
  CHANGED_PROXY: 'Proxy changed',
  UPDATED: 'Updated',
};

/** Log rows that are bad news, highlighted in the log. */
export const ALARM_LOG_TYPES: ReadonlySet<ActivityEventType> = new Set([
  'LAUNCH_FAILED',
  'DANGER',
  'RESTRICTION',
]);

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
