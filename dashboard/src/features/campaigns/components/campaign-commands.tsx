import { Button, HStack } from '@chakra-ui/react';
import type { Campaign } from '@reachly/shared/schemas';
import { Pause, Play, Square } from 'lucide-react';
import { useCampaignCommand } from '../hooks/use-campaign-command.ts';
import { type CampaignCommand, COMMANDS_BY_STATUS, commandLabel } from '../utils/commands.ts';

const ICONS: Record<CampaignCommand, typeof Play> = { start: Play, pause: Pause, stop: Square };

/**
 * The start / pause / stop buttons a campaign's status allows. `named` adds the campaign's name to
 * each button's accessible name (in a list of campaigns).
 */
export function CampaignCommands({
  campaign,
  size = 'sm',
  named = false,
}: {
  campaign: Pick<Campaign, 'id' | 'name' | 'status'>;
  size?: 'xs' | 'sm';
  named?: boolean;
}) {
  const { run, pending } = useCampaignCommand();
  const commands = COMMANDS_BY_STATUS[campaign.status];
  if (commands.length === 0) return null;
  return (
    <HStack gap="2">
      {commands.map((command) => {
        const Icon = ICONS[command];
        const label = commandLabel(command, campaign.status);
        return (
          <Button
            key={command}
            size={size}
            variant={command === 'start' ? 'solid' : 'outline'}
            colorPalette={command === 'stop' ? 'red' : undefined}
            aria-label={named ? `${label} ${campaign.name}` : undefined}
            loading={pending?.id === campaign.id && pending.command === command}
            disabled={pending?.id === campaign.id}
            onClick={() => run(campaign, command)}
          >
            <Icon aria-hidden /> {label}
          </Button>
        );
      })}
    </HStack>
  );
}
