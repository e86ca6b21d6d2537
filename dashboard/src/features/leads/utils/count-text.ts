import { formatCount } from '../../../lib/format.ts';

/** A count and its noun, the count with thousands separators: "1 lead", "12,345 leads". */
export const countText = (n: number, one: string, many: string) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/** "1 lead", "12,345 leads". */
export const leadsText = (n: number) => countText(n, 'lead', 'leads');
