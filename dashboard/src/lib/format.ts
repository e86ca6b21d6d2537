/** A count with thousands separators: 12345 → "12,345" (the one number format of counts and totals). */
export const formatCount = (n: number) => n.toLocaleString('en');
