import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@reachly/shared/schemas';

/** What each webhook event means, in the words of the page. */
const EVENT_LABELS: Record<WebhookEventType, string> = {
  'lead.status_changed': "A lead's funnel status changed",
  'friend_request.accepted': 'A friend request was accepted',
  'lead.replied': 'A lead replied (text and intent)',
  'campaign.started': 'A campaign started',
  'campaign.paused': 'A campaign paused',
  'campaign.finished': 'A campaign finished',
  'profile.restricted': 'A profile was restricted',
  'profile.logged_out': 'A profile logged out',
  'licence.ran_out': 'The licence ran out',
  'traffic.ran_out': 'The proxy traffic ran out',
};

export const EVENT_OPTIONS = WEBHOOK_EVENT_TYPES.map((type) => ({ type, label: EVENT_LABELS[type] }));
