import { isWithinWorkingHours } from '@reachly/shared/logic';
import type { Sandbox } from '../sandbox-network/server.ts';
import { iso, type MonthFacts, settingsAt } from './facts.ts';
import type { SimRecord } from './sim-executor.ts';

/** The invariants of what reached the network: each thing once, from one profile, when it was allowed. */

/** What the network saw one of our accounts do. */
export interface NetworkAction {
  profileId: number;
  kind: 'request' | 'message' | 'accept' | 'withdraw' | 'visit' | 'follow';
  person: string;
  at: number;
  text?: string;
}

/**
 * Every request, withdrawal, acceptance, message, visit and follow of our profiles' accounts, from
 * the sandbox's own records.
 */
export function networkActions(sandbox: Sandbox, facts: MonthFacts): NetworkAction[] {
  const state = sandbox.context.state;
  const profileOfAccount = new Map<number, number>();
  for (const [profileId, login] of Object.entries(facts.accounts)) {
    const account = state.accounts.get(login);
    if (account) profileOfAccount.set(account.id, Number(profileId));
  }
  const out: NetworkAction[] = [];
  for (const r of state.requests) {
    const profileId = profileOfAccount.get(r.accountId);
    if (profileId === undefined) continue;
    if (r.direction === 'outgoing') {
      out.push({ profileId, kind: 'request', person: r.personSlug, at: r.sentAt });
      if (r.withdrawnAt !== null)
        out.push({ profileId, kind: 'withdraw', person: r.personSlug, at: r.withdrawnAt });
    } else if (r.status === 'accepted' && r.acceptedAt !== null)
      out.push({ profileId, kind: 'accept', person: r.personSlug, at: r.acceptedAt });
  }
  for (const m of state.messages) {
    const profileId = profileOfAccount.get(m.accountId);
    if (profileId === undefined || m.from !== 'account') continue;
    out.push({ profileId, kind: 'message', person: m.personSlug, at: m.at, text: m.text });
  }
  for (const [kind, touches] of [
    ['visit', state.visits],
    ['follow', state.follows],
  ] as const) {
    for (const t of touches) {
      const profileId = profileOfAccount.get(t.accountId);
      if (profileId !== undefined) out.push({ profileId, kind, person: t.personSlug, at: t.at });
    }
  }
  return out;
}

/** Nobody got two friend requests from our profiles, nor the same message twice; one person, one profile. */
export function sentOnce(actions: readonly NetworkAction[]): string[] {
  const violations: string[] = [];
  const requests = new Map<string, number>();
  const messages = new Map<string, number>();
  for (const a of actions) {
    if (a.kind === 'request') requests.set(a.person, (requests.get(a.person) ?? 0) + 1);
    if (a.kind === 'message') {
      const key = `${a.person}\u0000${a.text}`;
      messages.set(key, (messages.get(key) ?? 0) + 1);
    }
  }
  for (const [person, n] of requests) if (n > 1) violations.push(`${person} got ${n} friend requests`);
  for (const [key, n] of messages)
    if (n > 1) violations.push(`${key.replace('\u0000', ' got twice: ')} (${n}×)`);
  // One person, one profile.
  const profilesOfPerson = new Map<string, Set<number>>();
  for (const a of actions) {
    if (a.kind === 'accept') continue;
    const set = profilesOfPerson.get(a.person) ?? new Set<number>();
    set.add(a.profileId);
    profilesOfPerson.set(a.person, set);
  }
  for (const [person, set] of profilesOfPerson)
    if (set.size > 1) violations.push(`${person} heard from ${set.size} profiles`);
  return violations;
}

/** Working hours, the licence gap, pauses and downtimes, per action the network saw. */
export function actedWhenAllowed(
  actions: readonly NetworkAction[],
  facts: MonthFacts,
  record: SimRecord,
): string[] {
  const violations: string[] = [];
  for (const a of actions) {
    const { hours } = settingsAt(facts, a.profileId, a.at);
    const zone = facts.zones[a.profileId] ?? 'UTC';
    if (!isWithinWorkingHours(new Date(a.at), hours, zone))
      violations.push(
        `profile ${a.profileId} acted outside ${hours.start}-${hours.end} ${zone}: ${a.kind} at ${iso(a.at)}`,
      );
    if (a.at >= facts.licenceGap.from && a.at < facts.licenceGap.to)
      violations.push(
        `profile ${a.profileId} acted while the licence was expired: ${a.kind} at ${iso(a.at)}`,
      );
    for (const r of record.restrictions) {
      const end =
        facts.lifted?.profileId === r.profileId && facts.lifted.at > r.at
          ? Math.min(r.until, facts.lifted.at)
          : r.until;
      if (r.profileId === a.profileId && a.at > r.at && a.at < end)
        violations.push(
          `profile ${a.profileId} acted while paused (${iso(r.at)} to ${iso(end)}): ${a.kind} at ${iso(a.at)}`,
        );
    }
    for (const d of facts.downtimes)
      if (d.profileId === a.profileId && a.at > d.from && a.at < d.to)
        violations.push(`profile ${a.profileId} acted while its browser was down: ${a.kind} at ${iso(a.at)}`);
  }
  return violations;
}
