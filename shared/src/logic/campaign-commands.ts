import type { CampaignStatus } from '../schemas/campaigns.ts';

/**
 * A campaign's status commands (POST /api/campaigns/:id/start|pause|stop) and the transitions they
 * may make: start from draft, paused or stopped; pause from running; stop from running or paused.
 * The server enforces them, the demo backend copies the server, the page offers only these buttons.
 */
export const CAMPAIGN_COMMANDS = ['start', 'pause', 'stop'] as const;
export type CampaignCommand = (typeof CAMPAIGN_COMMANDS)[number];

export const CAMPAIGN_TRANSITIONS: Readonly<
  Record<CampaignCommand, { from: readonly CampaignStatus[]; to: CampaignStatus }>
> = {
  start: { from: ['draft', 'paused', 'stopped'], to: 'running' },
  pause: { from: ['running'], to: 'paused' },
  stop: { from: ['running', 'paused'], to: 'stopped' },
};

/** The command a PATCH of `status` to this value stands for. */
export const COMMAND_FOR_STATUS: Readonly<Record<'running' | 'paused' | 'stopped', CampaignCommand>> = {
  running: 'start',
  paused: 'pause',
  stopped: 'stop',
};

const commandsFrom = (status: CampaignStatus) =>
  CAMPAIGN_COMMANDS.filter((c) => CAMPAIGN_TRANSITIONS[c].from.includes(status));

/** What each status allows. */
export const COMMANDS_BY_STATUS: Readonly<Record<CampaignStatus, readonly CampaignCommand[]>> = {
  draft: commandsFrom('draft'),
  running: commandsFrom('running'),
  paused: commandsFrom('paused'),
  stopped: commandsFrom('stopped'),
  finished: commandsFrom('finished'),
};

const PAST: Readonly<Record<CampaignCommand, string>> = {
  start: 'started',
  pause: 'paused',
  stop: 'stopped',
};

/** Why `command` may not leave `status` ("A draft campaign cannot be paused."), or null when it may. */
export function transitionRefusal(status: CampaignStatus, command: CampaignCommand): string | null {
  return CAMPAIGN_TRANSITIONS[command].from.includes(status)
    ? null
    : `A ${status} campaign cannot be ${PAST[command]}.`;
}
