import type { PaymentMethod } from '@reachly/shared/constants';
import type { License } from '@reachly/shared/schemas';

/** How the payment methods of the user's paymentTexts are labelled (spec §3: ZELLE, CARD_NUMBER). */
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  ZELLE: 'Zelle',
  CARD_NUMBER: 'Card number',
};

/** What the user does after paying (payment is manual, docs/design.md §3). */
export const PAYMENT_FOLLOW_UP = 'Send the payment reference to support; an admin grants it.';

/** Built once, when first used: a formatter is costly to build (toLocaleDateString builds one a call). */
let licenseDate: Intl.DateTimeFormat | undefined;

/** A licence date as the page shows it, e.g. "15 June 2031" (the reader's own time zone). */
export function formatLicenseDate(iso: string): string {
  licenseDate ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
  return licenseDate.format(new Date(iso));
}

/** "valid till 15 June 2031", "expired", or "no licence" when there is no end date at all. */
export function validityText(license: License | null, isValid: boolean): string {
  if (!license?.licenseTill) return 'no licence';
  return isValid ? `valid till ${formatLicenseDate(license.licenseTill)}` : 'expired';
}
