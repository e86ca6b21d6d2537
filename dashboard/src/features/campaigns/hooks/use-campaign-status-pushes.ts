import type { Campaign } from '@reachly/shared/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../realtime/use-realtime.ts';
import { campaignKey, campaignsListKey } from '../campaigns-queries.ts';

/** campaign-status-update: the new status shows at once in the list and the run view. */
export function useCampaignStatusPushes(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('campaign-status-update', ({ campaignId, status }) => {
    queryClient.setQueryData<Campaign>(campaignKey(campaignId), (old) => (old ? { ...old, status } : old));
    const list = queryClient.getQueryData<Campaign[]>(campaignsListKey);
    if (list && !list.some((c) => c.id === campaignId)) {
      void queryClient.invalidateQueries({ queryKey: campaignsListKey });
      return;
    }
    queryClient.setQueryData<Campaign[]>(campaignsListKey, (old) =>
      old?.map((c) => (c.id === campaignId ? { ...c, status } : c)),
    );
  });
}
