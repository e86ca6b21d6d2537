/** Payment methods of the spec's paymentTexts (spec §3; payment is manual, docs/design.md §3). */
export const PAYMENT_METHODS = ['CARD_NUMBER', 'ZELLE'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The four popups of spec §2; all closed at first. */
export const POPUP_IDS = [
  'TRAFFIC_ENDED_POPUP',
  'BUY_LICENSE_POPUP',
  'BUY_TRAFFIC_POPUP',
  'PROFILE_START_ERROR_POPUP',
] as const;
export type PopupId = (typeof POPUP_IDS)[number];
