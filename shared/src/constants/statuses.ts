/**
 * The ten conversation / lead statuses of spec §3, in funnel order.
 *
 * Gradient strength rises from `sent` through `booked` and `website-link-sent`, then steps down for
 * `contact-later`, `not-interested` and `unqualified`, using the spec's opacity steps
 * (0.1, 0.2, 0.4, 0.6, 0.8, 1). Text is white on the strong gradients (opacity ≥ 0.6), black otherwise.
 */
export const STATUS_OPACITY_STEPS = [0.1, 0.2, 0.4, 0.6, 0.8, 1] as const;
export type StatusOpacity = (typeof STATUS_OPACITY_STEPS)[number];

export const CONVERSATION_STATUS_VALUES = [
  'sent',
  'replied',
  'qualified',
  'interested',
  'call-to-action-sent',
  'booked',
  'website-link-sent',
  'contact-later',
  'not-interested',
  'unqualified',
] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUS_VALUES)[number];

export type TextColor = 'black' | 'white';

export interface StatusDefinition {
  value: ConversationStatus;
  label: string;
  opacity: StatusOpacity;
  /** CSS background for the status column header and badges. */
  background: string;
  color: TextColor;
}

/** The primary green of the theme (spec §9), as RGB components for the gradients. */
const GREEN_DARK = '46, 125, 50';
const GREEN_LIGHT = '102, 187, 106';

export function statusGradient(opacity: StatusOpacity): string {
  return `linear-gradient(90deg, rgba(${GREEN_DARK}, ${opacity}) 0%, rgba(${GREEN_LIGHT}, ${opacity}) 100%)`;
}

function define(value: ConversationStatus, label: string, opacity: StatusOpacity): StatusDefinition {
  return {
    value,
    label,
    opacity,
    background: statusGradient(opacity),
    color: opacity >= 0.6 ? 'white' : 'black',
  };
}

export const CONVERSATION_STATUSES: readonly StatusDefinition[] = [
  define('sent', 'SENT', 0.1),
  define('replied', 'REPLIED', 0.2),
  define('qualified', 'QUALIFIED', 0.4),
  define('interested', 'INTERESTED', 0.6),
  define('call-to-action-sent', 'CALL TO ACTION SENT', 0.8),
  define('booked', 'BOOKED', 1),
  define('website-link-sent', 'WEBSITE LINK SENT', 1),
  define('contact-later', 'CONTACT LATER', 0.6),
  define('not-interested', 'NOT INTERESTED', 0.4),
  define('unqualified', 'UNQUALIFIED', 0.2),
];

export const STATUS_BY_VALUE: Readonly<Record<ConversationStatus, StatusDefinition>> = Object.fromEntries(
  CONVERSATION_STATUSES.map((s) => [s.value, s]),
) as Record<ConversationStatus, StatusDefinition>;

/** A per-status count map with every status present (spec §3: statusCounts per status). */
export type StatusCounts = Record<ConversationStatus, number>;

export function emptyStatusCounts(): StatusCounts {
  return Object.fromEntries(CONVERSATION_STATUS_VALUES.map((s) => [s, 0])) as StatusCounts;
}
