import { isLicenseValid } from '@reachly/shared/logic';
import { type ClaimReason, mayRunOnTraffic } from '@reachly/shared/schemas';
import type { Look, LookedProfile } from './claim-sql.ts';

/** An expired licence: the executor looks again this often (a renewal also wakes it). */
const LICENCE_RETRY_SECONDS = 600;

export interface Hold {
  reason: ClaimReason;
  retryAt: Date | null;
  pausedUntil?: Date;
  fallbackSeconds?: number;
}

/** Why the profile may do nothing now, whatever its campaigns: a pause, the licence, traffic, its gap. */
export function profileHold(look: Look, profile: LookedProfile, now: Date): Hold | null {
  const pausedUntil = profile.paused_until;
  if (pausedUntil && pausedUntil > now) return { reason: 'paused', retryAt: pausedUntil, pausedUntil };
  // An expired licence stops work at once; the tasks stay queued until a renewal.
  if (!isLicenseValid({ licenseTill: look.licenseTill }, now)) {
    return { reason: 'licence-expired', retryAt: null, fallbackSeconds: LICENCE_RETRY_SECONDS };
  }
  // Traffic ended: a profile on the product's proxies waits (its tasks stay pending) until a grant.
  if (profile.proxy_source === 'REACHLY') {
    const remainingTraffic = (
      BigInt(look.traffic.trafficLimit) - BigInt(look.traffic.usedTraffic)
    ).toString();
    if (!mayRunOnTraffic({ proxySource: profile.proxy_source }, remainingTraffic)) {
      return { reason: 'traffic-ended', retryAt: null };
    }
  }
  const nextAction = profile.next_action_at;
  if (nextAction && nextAction > now) return { reason: 'gap', retryAt: nextAction };
  return null;
}
