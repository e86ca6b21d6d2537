import { describe, expect, it } from 'vitest';
import { skipReasonText } from './skip-reasons.ts';

describe('skipReasonText', () => {
  it('says a rule’s code in words', () => {
    expect(skipReasonText('no-message-button')).toBe(
      'the lead has no Message button (only friends can message them)',
    );
    expect(skipReasonText('reply-limit')).toMatch(/limit of automatic replies/);
  });

  it('keeps a reason the network’s page gave in words', () => {
    expect(skipReasonText('No pending friend request to this person')).toBe(
      'No pending friend request to this person',
    );
  });

  it('does not read inherited keys as codes', () => {
    expect(skipReasonText('constructor')).toBe('constructor');
  });
});
