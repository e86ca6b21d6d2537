import { clearLeadsResponseSchema } from '@reachly/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { invalidateLeadData } from './invalidate-lead-data.ts';

/** DELETE /api/leads/clear?collectionId: removes every lead of one collection; answers how many. */
export function useClearLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (collectionId: number) =>
      api('/api/leads/clear', { method: 'DELETE', query: { collectionId } }, clearLeadsResponseSchema),
    onSettled: () => invalidateLeadData(queryClient),
  });
}
