import type { CampaignStep } from '../schemas/campaign-steps.ts';

/** A message template inside a campaign's steps, with its path in the campaign's body. */
export interface StepTemplate {
  /** ['steps', '2', 'template'], ['steps', '3', 'intents', 'question'], … as the form names fields. */
  path: string[];
  template: string;
  /** "Step 3 (follow-up)": how a message names the step at fault. */
  step: string;
}

const STEP_NAMES: Record<CampaignStep['type'], string> = {
  collect: 'collect',
  target: 'target',
  friendRequest: 'friend request',
  welcomeMessage: 'welcome message',
  aiReply: 'AI reply',
  callToAction: 'call to action',
  followUp: 'follow-up',
  joinGroups: 'join groups',
  likePosts: 'like posts',
  acceptRequests: 'accept requests',
  visitProfile: 'visit profile',
  followPerson: 'follow person',
};

/** Every message template a campaign's steps hold, in step order. */
export function stepTemplates(steps: readonly CampaignStep[]): StepTemplate[] {
  return steps.flatMap((step, index) => {
    const at = (...rest: string[]) => ['steps', String(index), ...rest];
    const name = `Step ${index + 1} (${STEP_NAMES[step.type]})`;
    const found: { path: string[]; template: string | undefined }[] = [];
    if ('template' in step) found.push({ path: at('template'), template: step.template });
    if ('abVariants' in step) {
      (step.abVariants ?? []).forEach((template, i) => {
        found.push({ path: at('abVariants', String(i)), template });
      });
    }
    if (step.type === 'friendRequest' && step.afterWithdrawal?.action === 'message') {
      found.push({ path: at('afterWithdrawal', 'template'), template: step.afterWithdrawal.template });
    }
    if (step.type === 'aiReply') {
      for (const [intent, template] of Object.entries(step.intents)) {
        found.push({ path: at('intents', intent), template });
      }
      found.push({ path: at('fallbackTemplate'), template: step.fallbackTemplate });
      found.push({ path: at('contactLater', 'template'), template: step.contactLater?.template });
    }
    return found.flatMap(({ path, template }) => (template ? [{ path, template, step: name }] : []));
  });
}
