import { contract } from '@reachly/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { invalidateLeadData } from './invalidate-lead-data.ts';

/** DELETE /api/leads/clear?collectionId: removes every lead of one collection; answers how many. */
export function useClearLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (collectionId: number) => call(contract.leads.clear, { query: { collectionId } }),
    onSettled: () => invalidateLeadData(queryClient),
  });
}
