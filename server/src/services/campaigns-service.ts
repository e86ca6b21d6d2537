import { type Clock, systemClock } from '../engine/clock.ts';
import { type CampaignCommandDeps, createCampaignCommands } from './campaigns/commands.ts';
import { createCampaignDefinitions } from './campaigns/definitions.ts';
import { createCampaignResults } from './campaigns/results.ts';

export type CampaignsService = ReturnType<typeof createCampaignsService>;

/**
 * Campaigns (docs/design.md §4): their definitions (campaigns/definitions.ts), the user's commands on
 * them (campaigns/commands.ts) and what they did (campaigns/results.ts), as one service.
 */
export function createCampaignsService({
  clock = systemClock,
  ...deps
}: Omit<CampaignCommandDeps, 'clock' | 'definitions'> & { clock?: Clock }) {
  const definitions = createCampaignDefinitions(deps);
  const { list, get, create, remove, preview } = definitions;
  const { update, command } = createCampaignCommands({ ...deps, clock, definitions });
  const { logs, stats, funnel, profileStates, variants } = createCampaignResults(deps);
  return {
    list,
    get,
    create,
    update,
    command,
    remove,
    logs,
    stats,
    funnel,
    profileStates,
    variants,
    preview,
  };
}
