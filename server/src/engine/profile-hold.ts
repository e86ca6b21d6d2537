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

/**
 * What the organisation's account lets a profile's browser do now: nothing without a valid
 * licence, nothing on Reachly's proxy once the traffic is spent. Campaign work (profileHold) and a
 * person's reply from the inbox (inbox-service.ts) are held by the same rule.
 */
export function accountHold(
  account: {
    licenseTill: string | Date | null;
    proxySource: LookedProfile['proxy_source'];
    trafficLimit: string | number | null;
    usedTraffic: string | number | null;
  },
  now: Date,
): 'licence-expired' | 'traffic-ended' | null {
  if (!isLicenseValid({ licenseTill: account.licenseTill }, now)) return 'licence-expired';
  if (account.proxySource !== 'REACHLY') return null;
  const remaining = (BigInt(account.trafficLimit ?? 0) - BigInt(account.usedTraffic ?? 0)).toString();
  return mayRunOnTraffic({ proxySource: account.proxySource }, remaining) ? null : 'traffic-ended';
}

/** Why the profile may do nothing now, whatever its campaigns: a pause, the licence, traffic, its gap. */
export function profileHold(look: Look, profile: LookedProfile, now: Date): Hold | null {
  const pausedUntil = profile.paused_until;
  if (pausedUntil && pausedUntil > now) return { reason: 'paused', retryAt: pausedUntil, pausedUntil };
  const account = accountHold(
    {
      licenseTill: look.licenseTill,
      proxySource: profile.proxy_source,
      trafficLimit: look.traffic.trafficLimit,
      usedTraffic: look.traffic.usedTraffic,
    },
    now,
  );
  // An expired licence stops work at once; the tasks stay queued until a renewal.
  if (account === 'licence-expired') {
    return { reason: account, retryAt: null, fallbackSeconds: LICENCE_RETRY_SECONDS };
  }
  // Traffic ended: a profile on the product's proxies waits (its tasks stay pending) until a grant.
  if (account === 'traffic-ended') return { reason: account, retryAt: null };
  const nextAction = profile.next_action_at;
  if (nextAction && nextAction > now) return { reason: 'gap', retryAt: nextAction };
  return null;
}
