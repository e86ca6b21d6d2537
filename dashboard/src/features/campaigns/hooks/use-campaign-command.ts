import type { Campaign } from '@reachly/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toastError } from '../../../components/toaster.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useOpenPopup } from '../../../state/popups.ts';
import { userQuery } from '../../account/account-queries.ts';
import { useTraffic } from '../../account/use-account.ts';
import { runCampaignCommand, storeCampaign } from '../campaigns-queries.ts';
import { type CampaignCommand, COMMAND_VERBS } from '../utils/commands.ts';

interface CommandVariables {
  id: number;
  command: CampaignCommand;
}

/**
 * Start, pause or stop a campaign. Starting with the traffic run out opens TRAFFIC_ENDED_POPUP and
 * sends nothing; a 402 from the server (no valid licence) opens BUY_LICENSE_POPUP; any other
 * refusal (409: not allowed from this status) is toasted with the server's message.
 */
export function useCampaignCommand() {
  const queryClient = useQueryClient();
  const openPopup = useOpenPopup();
  const { isLimitReached } = useTraffic();
  const mutation = useMutation({
    mutationFn: ({ id, command }: CommandVariables) => runCampaignCommand(id, command),
    onSuccess: (campaign) => storeCampaign(queryClient, campaign),
    onError: (error, { command }) => {
      if (error instanceof ApiError && error.status === 401) return; // the query client redirects
      if (error instanceof ApiError && error.status === 402) {
        openPopup('BUY_LICENSE_POPUP');
        // The page's idea of the licence was stale: refresh the header.
        void queryClient.invalidateQueries({ queryKey: userQuery().queryKey });
        return;
      }
      toastError(`Could not ${COMMAND_VERBS[command]} the campaign`, error);
    },
  });
  const { mutate } = mutation;

  const run = useCallback(
    (campaign: Pick<Campaign, 'id'>, command: CampaignCommand) => {
      if (command === 'start' && isLimitReached) {
        openPopup('TRAFFIC_ENDED_POPUP');
        return;
      }
      mutate({ id: campaign.id, command });
    },
    [isLimitReached, mutate, openPopup],
  );

  /** The command in flight, per campaign, for its button's spinner. */
  const pending = mutation.isPending ? mutation.variables : undefined;
  return { run, pending };
}
