import type { CampaignStatus } from '@reachly/shared/schemas';

/** The user's status commands (POST /api/campaigns/:id/start|pause|stop). */
export type CampaignCommand = 'start' | 'pause' | 'stop';

/**
 * What each status allows, as the server's transitions (docs/decisions.md, Campaign API): start
 * from draft, paused or stopped; pause from running; stop from running or paused.
 */
export const COMMANDS_BY_STATUS: Readonly<Record<CampaignStatus, readonly CampaignCommand[]>> = {
  draft: ['start'],
  running: ['pause', 'stop'],
  paused: ['start', 'stop'],
  stopped: ['start'],
  finished: [],
};

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
