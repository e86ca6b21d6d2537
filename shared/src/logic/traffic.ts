import {
  BYTES_PER_GB,
  DEFAULT_REMAINING_TRAFFIC_BYTES,
  FALLBACK_TRAFFIC_TEXT,
  TRAFFIC_DECIMALS,
} from '../constants/limits.ts';

/**
 * A traffic amount in bytes. The server sends big integers as decimal strings (spec §3: Traffic);
 * a bigint or a safe integer number is accepted too.
 */
export type TrafficValue = string | bigint | number;

/** What GET /api/traffic answers (spec §7); either field may be absent. */
export interface TrafficInfo {
  trafficLimit?: TrafficValue | null;
  usedTraffic?: TrafficValue | null;
}

/**
 * Converts a traffic value to bigint; null, undefined or anything that is not an integer
 * (e.g. 'abc', '1.5', NaN) gives null. Numbers are truncated toward zero.
 */
export function toTrafficBigInt(value: TrafficValue | null | undefined): bigint | null {
  if (value == null) return null;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? BigInt(Math.trunc(value)) : null;
  const trimmed = value.trim();
  return /^-?\d+$/.test(trimmed) ? BigInt(trimmed) : null;
}

/**
 * Remaining traffic = trafficLimit - usedTraffic, in bytes. When either is missing the remaining
 * traffic defaults to DEFAULT_REMAINING_TRAFFIC_BYTES (1048576, spec §5). May be negative.
 */
export function remainingTraffic(info: TrafficInfo): bigint {
  const limit = toTrafficBigInt(info.trafficLimit);
  const used = toTrafficBigInt(info.usedTraffic);
  if (limit === null || used === null) return BigInt(DEFAULT_REMAINING_TRAFFIC_BYTES);
  return limit - used;
}

/** The traffic limit is reached when remaining traffic is 0 or less (spec §4). */
export function isTrafficLimitReached(remaining: TrafficValue): boolean {
  const value = toTrafficBigInt(remaining);
  return value === null || value <= 0n;
}

/**
 * Formats bytes as gigabytes with two decimals, 1 GB = 1073741824 bytes (spec §9), e.g. "1.00 GB".
 * Exact bigint arithmetic (correct above 2^53), rounded half-up; negative or invalid values show
 * as "0.00 GB".
 */
export function formatTrafficGb(bytes: TrafficValue): string {
  const value = toTrafficBigInt(bytes);
  const nonNegative = value === null || value < 0n ? 0n : value;
  const scale = 10n ** BigInt(TRAFFIC_DECIMALS);
  const gb = BigInt(BYTES_PER_GB);
  const scaled = (nonNegative * scale + gb / 2n) / gb;
  const whole = scaled / scale;
  const fraction = (scaled % scale).toString().padStart(TRAFFIC_DECIMALS, '0');
  return `${whole}.${fraction} GB`;
}

/**
 * The text shown for remaining traffic (spec §5): in the fallback mode (an environment flag) with
 * neither limit nor used traffic present, FALLBACK_TRAFFIC_TEXT ('0.10MB'); otherwise the remaining
 * traffic in GB (which is the 1048576-byte default when a value is missing).
 */
export function trafficDisplay(info: TrafficInfo, options: { fallbackMode: boolean }): string {
  if (options.fallbackMode && info.trafficLimit == null && info.usedTraffic == null) {
    return FALLBACK_TRAFFIC_TEXT;
  }
  return formatTrafficGb(remainingTraffic(info));
}
