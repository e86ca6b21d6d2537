import { createLeadsResponseSchema } from '@reachly/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { PastedLead } from '../utils/parse-lead-lines.ts';
import { invalidateLeadData } from './invalidate-lead-data.ts';

/** POST /api/leads {collectionId, leads}: answers how many were created and how many were duplicates. */
export function useAddLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ collectionId, leads }: { collectionId: number; leads: PastedLead[] }) =>
      api('/api/leads', { method: 'POST', json: { collectionId, leads } }, createLeadsResponseSchema),
    onSettled: () => invalidateLeadData(queryClient),
  });
}
