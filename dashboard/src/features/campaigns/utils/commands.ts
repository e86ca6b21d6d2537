export { type CampaignCommand, COMMANDS_BY_STATUS } from '@reachly/shared/logic';

import type { CampaignCommand } from '@reachly/shared/logic';
import type { CampaignStatus } from '@reachly/shared/schemas';

export function commandLabel(command: CampaignCommand, status: CampaignStatus): string {
  if (command === 'start') return status === 'paused' ? 'Resume' : 'Start';
  return command === 'pause' ? 'Pause' : 'Stop';
}

/** For toasts: "Could not start the campaign". */
export const COMMAND_VERBS: Readonly<Record<CampaignCommand, string>> = {
  start: 'start',
  pause: 'pause',
  stop: 'stop',
};
