import type { CampaignFunnelResponse } from '@reachly/shared/schemas';

export type FunnelDay = CampaignFunnelResponse['days'][number];
export type FunnelMetric = Exclude<keyof FunnelDay, 'date'>;

/** The four charts of the run view, in funnel order. */
export const FUNNEL_SERIES: readonly { metric: FunnelMetric; label: string; color: string }[] = [
  { metric: 'requests', label: 'Requests sent', color: '#2563eb' },
  { metric: 'accepted', label: 'Accepted', color: '#15803d' },
  { metric: 'messages', label: 'Messages sent', color: '#7c3aed' },
  { metric: 'replies', label: 'Replies', color: '#c2410c' },
];

/** How many days the charts show at most (the latest). */
export const CHART_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every UTC day from the first to the last with activity (days without any count 0), the latest `max`. */
export function fillDays(days: readonly FunnelDay[], max: number = CHART_DAYS): FunnelDay[] {
  if (days.length === 0) return [];
  const byDate = new Map(days.map((d) => [d.date, d]));
  const dates = [...byDate.keys()].sort();
  const last = Date.parse(`${dates[dates.length - 1]}T00:00:00Z`);
  const first = Math.max(Date.parse(`${dates[0]}T00:00:00Z`), last - (max - 1) * DAY_MS);
  const filled: FunnelDay[] = [];
  for (let t = first; t <= last; t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    filled.push(byDate.get(date) ?? { date, requests: 0, accepted: 0, messages: 0, replies: 0 });
  }
  return filled;
}

/** A rate of 0..1 as a percentage with at most one decimal: 0.4 → "40%", 0.125 → "12.5%". */
export function formatPercent(rate: number): string {
  return `${Math.round(rate * 1000) / 10}%`;
}
