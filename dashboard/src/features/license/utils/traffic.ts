import { formatTrafficGb, isTrafficLimitReached, trafficDisplay } from '@reachly/shared/logic';
import type { Traffic } from '@reachly/shared/schemas';

/** The environment-flag mode of spec §5 (shows 0.10MB when neither limit nor used traffic is known). */
const TRAFFIC_FALLBACK_MODE: boolean = import.meta.env.VITE_TRAFFIC_FALLBACK_MODE === 'true';

/**
 * Remaining traffic as shown (spec §5, §9): GB with two decimals; when the traffic could not be
 * read, the fallbacks of spec §5 (0.10MB in the fallback mode, else the 1048576-byte default).
 */
export function remainingTrafficText(
  traffic: Partial<Traffic> | undefined,
  fallbackMode: boolean = TRAFFIC_FALLBACK_MODE,
): string {
  return trafficDisplay(traffic ?? {}, { fallbackMode });
}

/** Limit, used and remaining in GB for the licence page. */
export function trafficBreakdown(traffic: Traffic) {
  return {
    limit: formatTrafficGb(traffic.trafficLimit),
    used: formatTrafficGb(traffic.usedTraffic),
    remaining: formatTrafficGb(traffic.remainingTraffic),
  };
}

/**
 * Whether the traffic ran out (spec §4: remaining ≤ 0), judged on remainingTraffic, which
 * PROXY_TRAFFIC_UPDATE updates at once. Unknown traffic is not judged exhausted.
 */
export function isTrafficExhausted(traffic: Pick<Traffic, 'remainingTraffic'> | undefined): boolean {
  return traffic !== undefined && isTrafficLimitReached(traffic.remainingTraffic);
}

/** TRAFFIC_ENDED_POPUP opens once per exhaustion: when the traffic goes from known-and-left to run out. */
export function shouldOpenTrafficEnded(wasExhausted: boolean, isExhausted: boolean): boolean {
  return isExhausted && !wasExhausted;
}
