import { contract } from '@reachly/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import type { PastedLead } from '../utils/parse-lead-lines.ts';
import { invalidateLeadData } from './invalidate-lead-data.ts';

/** POST /api/leads {collectionId, leads}: answers how many were created and how many were duplicates. */
export function useAddLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ collectionId, leads }: { collectionId: number; leads: PastedLead[] }) =>
      call(contract.leads.create, { body: { collectionId, leads } }),
    onSettled: () => invalidateLeadData(queryClient),
  });
}
