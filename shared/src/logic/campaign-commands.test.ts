import { describe, expect, it } from 'vitest';
import { COMMANDS_BY_STATUS, transitionRefusal } from './campaign-commands.ts';

describe('campaign commands', () => {
  it('allows what the transitions allow, per status', () => {
    expect(COMMANDS_BY_STATUS).toEqual({
      draft: ['start'],
      running: ['pause', 'stop'],
      paused: ['start', 'stop'],
      stopped: ['start'],
      finished: [],
    });
  });

  it('says why a command may not leave a status, in plain English', () => {
    expect(transitionRefusal('draft', 'pause')).toBe('A draft campaign cannot be paused.');
    expect(transitionRefusal('finished', 'start')).toBe('A finished campaign cannot be started.');
    expect(transitionRefusal('draft', 'stop')).toBe('A draft campaign cannot be stopped.');
    expect(transitionRefusal('paused', 'start')).toBeNull();
  });
});
