import { DAY, HOUR } from '../clock.ts';
import { ACTION_KINDS, type ActionKind } from '../state/types.ts';

export interface LimitRule {
  /** Actions of one kind allowed per window. */
  max: number;
  windowMs: number;
  /** How long the action stays blocked after the warning was ignored. */
  blockMs: number;
}

export type Verdict = { kind: 'ok' } | { kind: 'warning' } | { kind: 'blocked'; until: number };

const DEFAULT_LIMIT: LimitRule = { max: 30, windowMs: HOUR, blockMs: DAY };
/**
 * Pending outgoing friend requests an account may have; sending one more restricts its requests
 * (requests.ts). Networks publish no figure: Facebook profiles report the block at a few hundred
 * unanswered requests. 200 is within that, and a month of 20 requests a day that nobody withdraws
 * reaches it.
 */
const DEFAULT_PENDING_LIMIT = 200;

interface Entry {
  times: number[];
  warnedAt: number | null;
  blockedUntil: number | null;
}

/**
 * Per account and action: up to `max` actions per window; the next one gets a warning (and is not
 * done); acting again within the window after the warning blocks the action for `blockMs`.
 */
export function createRateLimiter() {
  const rules = new Map<ActionKind, LimitRule>(ACTION_KINDS.map((k) => [k, { ...DEFAULT_LIMIT }]));
  let entries = new Map<string, Entry>();
  let pendingLimit = DEFAULT_PENDING_LIMIT;
  return {
    rules: () => Object.fromEntries(rules) as Record<ActionKind, LimitRule>,
    setRule(kind: ActionKind, rule: LimitRule) {
      rules.set(kind, rule);
    },
    pendingLimit: () => pendingLimit,
    setPendingLimit(max: number) {
      pendingLimit = max;
    },
    /** Blocks the action now, for the rule's blockMs (a restriction that is not about speed). */
    block(accountId: number, kind: ActionKind, now: number): number {
      const until = now + (rules.get(kind) ?? DEFAULT_LIMIT).blockMs;
      entries.set(`${accountId}:${kind}`, { times: [], warnedAt: null, blockedUntil: until });
      return until;
    },
    reset() {
      entries = new Map();
      pendingLimit = DEFAULT_PENDING_LIMIT;
      for (const k of ACTION_KINDS) rules.set(k, { ...DEFAULT_LIMIT });
    },
    check(accountId: number, kind: ActionKind, now: number): Verdict {
      const rule = rules.get(kind) ?? DEFAULT_LIMIT;
      const key = `${accountId}:${kind}`;
      let entry = entries.get(key);
      if (entry?.blockedUntil != null) {
        if (now < entry.blockedUntil) return { kind: 'blocked', until: entry.blockedUntil };
        entry = undefined;
      }
      if (!entry) {
        entry = { times: [], warnedAt: null, blockedUntil: null };
        entries.set(key, entry);
      }
      entry.times = entry.times.filter((t) => t > now - rule.windowMs);
      if (entry.times.length < rule.max) {
        entry.times.push(now);
        return { kind: 'ok' };
      }
      if (entry.warnedAt === null || entry.warnedAt <= now - rule.windowMs) {
        entry.warnedAt = now;
        return { kind: 'warning' };
      }
      entry.blockedUntil = now + rule.blockMs;
      return { kind: 'blocked', until: entry.blockedUntil };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
