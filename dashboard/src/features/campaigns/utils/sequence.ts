import type { StepFormValues } from './campaign-form-values.ts';

/**
 * The campaign's steps read as a sequence (issue 17): for each step, when it runs for a lead, in
 * the words the builder shows under the step's title; and what happens when a lead replies. They
 * follow what the engine does (server/src/engine/opening.ts, withdrawals.ts, planner.ts): a visit,
 * a follow, then the request or the first message; the welcome once a request is accepted; a
 * withdrawal and what follows it; follow-ups while the lead does not reply.
 */

type Step = Pick<
  StepFormValues,
  | 'type'
  | 'afterDays'
  | 'maxCount'
  | 'withdrawRequests'
  | 'withdrawAfterDays'
  | 'afterWithdrawal'
  | 'fromKind'
  | 'count'
>;

const days = (text: string) => {
  const n = Number(text.trim());
  return Number.isInteger(n) && n > 0 ? `${n} ${n === 1 ? 'day' : 'days'}` : 'N days';
};
const count = (text: string) => {
  const n = Number(text.trim());
  return Number.isInteger(n) && n > 0 ? n : 1;
};

const AFTER_WITHDRAWAL: Record<Step['afterWithdrawal'], string> = {
  none: 'nothing more is sent',
  followPerson: 'then follow them',
  message: 'then send them a message (if they have a Message button)',
};

/** What comes before the first contact: "After the visit", "After the follow", or nothing. */
function before(steps: readonly Step[], type: 'followPerson' | 'friendRequest' | 'welcomeMessage') {
  const has = (t: Step['type']) => steps.some((s) => s.type === t);
  if (type !== 'followPerson' && has('followPerson')) return 'after the follow';
  if (has('visitProfile')) return 'after the visit';
  return null;
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** When one step runs; `followUps` numbers the follow-ups (those before it, all of them). */
function conditionOf(
  step: Step,
  steps: readonly Step[],
  followUps: { before: number; total: number },
): string {
  const has = (t: Step['type']) => steps.some((s) => s.type === t);
  switch (step.type) {
    case 'collect':
      return 'At the start: fills the collection, whose leads the sequence then works.';
    case 'target':
      return 'Chooses which leads of the collection enter the sequence.';
    case 'visitProfile':
      return 'First, for each targeted lead.';
    case 'followPerson':
      return `${sentence(before(steps, 'followPerson') ?? 'first')}, for each targeted lead.`;
    case 'friendRequest': {
      const when = sentence(before(steps, 'friendRequest') ?? 'for each targeted lead');
      if (!step.withdrawRequests) return `${when}. Unanswered requests stay pending.`;
      return `${when}. If not accepted in ${days(step.withdrawAfterDays)}: withdraw the request, ${AFTER_WITHDRAWAL[step.afterWithdrawal]}.`;
    }
    case 'welcomeMessage':
      if (has('friendRequest')) return 'After the request is accepted.';
      return `${sentence(before(steps, 'welcomeMessage') ?? 'first contact')}: to leads with a Message button.`;
    case 'aiReply':
      return 'If the lead replies: the sequence stops and the AI answers by intent; a person takes over beyond it.';
    case 'callToAction':
      return 'When a conversation is qualified or the lead is interested.';
    case 'followUp': {
      const from = followUps.before + 1;
      const to = followUps.before + count(step.maxCount);
      const { total } = followUps;
      const which = from === to ? `follow-up ${from} of ${total}` : `follow-ups ${from}–${to} of ${total}`;
      return `If no reply in ${days(step.afterDays)}: ${which}.`;
    }
    case 'joinGroups':
      return 'Beside the sequence: each profile joins these groups once.';
    case 'likePosts':
      return 'Beside the sequence: every day, with each profile.';
    case 'acceptRequests':
      return 'Whenever someone sends a profile a friend request: they join the collection and the funnel.';
  }
}

/** When each step runs, in order (one sentence per step). */
export function stepConditions(steps: readonly Step[]): string[] {
  const repeats = steps.map((s) => (s.type === 'followUp' ? count(s.maxCount) : 0));
  const total = repeats.reduce((a, b) => a + b, 0);
  return steps.map((step, index) =>
    conditionOf(step, steps, { before: repeats.slice(0, index).reduce((a, b) => a + b, 0), total }),
  );
}

/** What a lead's reply does to the sequence, shown under the steps. */
export function replyRule(steps: readonly Step[]): string {
  return steps.some((s) => s.type === 'aiReply')
    ? 'If the lead replies at any point, the sequence stops: the AI reply step answers, and a person takes over when it cannot.'
    : 'If the lead replies at any point, the sequence stops: a person takes over in the inbox.';
}
