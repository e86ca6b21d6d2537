import type { CampaignStep } from '@reachly/shared/schemas';
import { type CampaignAction, DEFAULT_DAILY_CAPS } from '@reachly/shared/schemas';
import type { CampaignSettings } from '../db/rows-campaigns.ts';

export type { CampaignSettings };

/** pg parses jsonb; PGlite through knex may hand back the text. */
export function parseSettings(value: CampaignSettings | string): CampaignSettings {
  return typeof value === 'string' ? (JSON.parse(value) as CampaignSettings) : value;
}

/** The campaign's cap for an action, or the cautious default when it sets none. */
export function dailyCapOf(settings: CampaignSettings, action: CampaignAction): number {
  return settings.dailyCaps[action] ?? DEFAULT_DAILY_CAPS[action];
}

export function stepOf<T extends CampaignStep['type']>(
  settings: CampaignSettings,
  type: T,
): Extract<CampaignStep, { type: T }> | undefined {
  return settings.steps.find((s) => s.type === type) as Extract<CampaignStep, { type: T }> | undefined;
}

function followUpSteps(settings: CampaignSettings): Extract<CampaignStep, { type: 'followUp' }>[] {
  return settings.steps.filter(
    (s): s is Extract<CampaignStep, { type: 'followUp' }> => s.type === 'followUp',
  );
}

/**
 * The follow-ups in the order they go out: each follow-up step `maxCount` times, step by step. The
 * n-th entry's key is `followUp:<step index among follow-ups>:<repeat>`.
 */
export function followUpSequence(
  settings: CampaignSettings,
): { key: string; afterDays: number; template: string; abVariants?: string[] | undefined }[] {
  return followUpSteps(settings).flatMap((step, index) =>
    Array.from({ length: step.maxCount }, (_, n) => ({
      key: `followUp:${index}:${n + 1}`,
      afterDays: step.afterDays,
      template: step.template,
      abVariants: step.abVariants,
    })),
  );
}
