import type { ExecutorTask } from '@reachly/shared/schemas';
import { describe, expect, it } from 'vitest';
import { describeTask, outcomeFor, stepForTask } from './task-runner.ts';

const lead = {
  id: 7,
  profileUrl: 'http://127.0.0.1:4100/people/anna-berg-1',
  name: 'Anna Berg',
  firstName: 'Anna',
  lastName: 'Berg',
  hasMessageButton: true,
};
const withdraw: ExecutorTask = {
  id: 1,
  campaignId: 2,
  profileId: 3,
  stepKey: 'withdrawRequest',
  attempt: 1,
  recheck: false,
  leaseUntil: '2026-01-05T09:05:00.000Z',
  action: 'withdrawRequest',
  lead,
};

describe('a withdrawRequest task', () => {
  it("is the adapter's withdraw step on the lead's page", () => {
    expect(stepForTask(withdraw)).toEqual({ kind: 'withdrawRequest', profileUrl: lead.profileUrl });
    expect(describeTask(withdraw)).toBe('Withdraw the friend request to Anna Berg');
  });

  it('reports done, already done when nothing was pending, and skipped when they are friends', () => {
    const run = (result: Parameters<typeof outcomeFor>[1]['result'], acted: number) =>
      outcomeFor(withdraw, { result, acted, inspection: null });
    expect(run({ status: 'done' }, 1)).toEqual({ status: 'done', data: {} });
    expect(run({ status: 'done' }, 0)).toEqual({ status: 'done', data: { alreadyDone: true } });
    expect(run({ status: 'skipped', reason: 'No pending friend request to this person' }, 0)).toEqual({
      status: 'skipped',
      reason: 'No pending friend request to this person',
    });
  });
});

describe('visit and follow tasks', () => {
  const visit: ExecutorTask = { ...withdraw, stepKey: 'visitProfile', action: 'visitProfile' };
  const follow: ExecutorTask = { ...withdraw, stepKey: 'followPerson', action: 'followPerson' };

  it("are the adapter's visit and follow steps on the lead's page", () => {
    expect(stepForTask(visit)).toEqual({ kind: 'visit', profileUrl: lead.profileUrl });
    expect(describeTask(visit)).toBe('Visit Anna Berg');
    expect(stepForTask(follow)).toEqual({ kind: 'follow', profileUrl: lead.profileUrl });
    expect(describeTask(follow)).toBe('Follow Anna Berg');
  });

  it('reports what the page showed; a visit is never already done, a follow may be', () => {
    const observed = { hasMessageButton: true };
    expect(outcomeFor(visit, { result: { status: 'done', observed }, acted: 0, inspection: null })).toEqual({
      status: 'done',
      data: { hasMessageButton: true },
    });
    expect(outcomeFor(follow, { result: { status: 'done', observed }, acted: 0, inspection: null })).toEqual({
      status: 'done',
      data: { alreadyDone: true, hasMessageButton: true },
    });
  });
});
