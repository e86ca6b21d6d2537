/** A count with thousands separators: 12345 → "12,345" (the one number format of counts and totals). */
export const formatCount = (n: number) => n.toLocaleString('en');

/** A date and time as the reader's locale writes it. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A date as the reader's locale writes it. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
}
