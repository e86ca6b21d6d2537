import { describe, expect, it } from 'vitest';
import { changeThatWakes, type ExpectedWake, wakesReached } from './wakes.ts';

/** An executor's ear: the wakes it heard per reason, as SimExecutor counts them from its socket. */
function ear(profileId: number) {
  const heard = new Map<string, number>();
  return {
    profileId,
    wakesHeard: (reason: string) => heard.get(reason) ?? 0,
    hear: (reason: string) => heard.set(reason, (heard.get(reason) ?? 0) + 1),
  };
}

const EPOCH = Date.parse('2026-01-05T09:00:00Z');

describe('changes that must wake executors (wakes.ts)', () => {
  it('waits for a wake that arrives after the change answered, and counts it as reached', async () => {
    const [one, two, other] = [ear(1), ear(2), ear(3)];
    const expected: ExpectedWake[] = [];
    const answer = await changeThatWakes(
      [one, two, other],
      expected,
      { at: EPOCH, reason: 'settings changed', profileIds: () => [1, 2] },
      async () => {
        // The push goes out after the route answered, as over a real socket.
        setTimeout(() => {
          one.hear('settings changed');
          two.hear('settings changed');
        }, 20);
        return 'changed';
      },
    );
    expect(answer).toBe('changed');
    expect(expected).toEqual([{ at: EPOCH, reason: 'settings changed', profileIds: [1, 2], missed: [] }]);
    expect(wakesReached(expected, EPOCH)).toEqual([]);
  });

  it('names the executor a change did not reach, and counts only wakes heard after the change', async () => {
    const [one, two] = [ear(1), ear(2)];
    // Heard before the change: not this change's wake.
    two.hear('new leads');
    const expected: ExpectedWake[] = [];
    await changeThatWakes(
      [one, two],
      expected,
      { at: EPOCH + 2 * 86_400_000, reason: 'new leads', profileIds: () => [1, 2] },
      async () => {
        one.hear('new leads');
        one.hear('pause lifted');
        two.hear('pause lifted');
      },
      100,
    );
    expect(expected[0]?.missed).toEqual([2]);
    expect(wakesReached(expected, EPOCH)).toEqual([
      "new leads (day 3) did not reach profile #2's executor as a wake",
    ]);
  });
});
