import { contract } from '@reachly/shared/contract';
import type { BulkLeadsBody } from '@reachly/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { invalidateLeadData } from './invalidate-lead-data.ts';

/**
 * POST /api/leads/bulk: exclude, include, delete, move or copy the selected leads; answers how many
 * changed. The lists, the collections' counts and the board are fetched again once it settles
 * (other tabs hear it from the server's data-changed push).
 */
export function useBulkLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkLeadsBody) => call(contract.leads.bulk, { body }),
    onSettled: () => invalidateLeadData(queryClient),
  });
}
