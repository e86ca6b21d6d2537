import { contract } from '@reachly/shared/contract';
import type { Lead } from '@reachly/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { collectionsQuery } from '../../collections/collections-queries.ts';
import { ALL_LEADS_KEY, type LeadsFilter, leadsQueryKey } from '../leads-queries.ts';
import { type LeadsPages, withLead, withoutLead } from '../utils/leads-pages.ts';

const TOGGLE_LEAD_MUTATION_KEY = ['leads', 'toggle-excluded'] as const;

export interface ToggleLeadInput {
  lead: Lead;
  /** The list the lead is shown in: it leaves that list at once. */
  filter: LeadsFilter;
}

/**
 * PATCH /api/leads {id, isExcluded}: excludes a lead or takes it back (spec §4). Optimistic in four
 * steps: cancel the list's fetches, take the lead out of it (its total one lower), put it back if
 * the server refuses, and fetch the lists and counts again once the last toggle has settled. A
 * failure is not toasted (spec §8 swallows lead updates): the lead simply comes back.
 */
export function useToggleLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: TOGGLE_LEAD_MUTATION_KEY,
    mutationFn: ({ lead }: ToggleLeadInput) =>
      call(contract.leads.setExcluded, { body: { id: lead.id, isExcluded: !lead.isExcluded } }),
    onMutate: async ({ lead, filter }) => {
      const key = leadsQueryKey(filter);
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<LeadsPages>(key, (old) => (old ? withoutLead(old, lead.id) : old));
    },
    onError: (_error, { lead, filter }) => {
      queryClient.setQueryData<LeadsPages>(leadsQueryKey(filter), (old) => (old ? withLead(old, lead) : old));
    },
    onSettled: async () => {
      // A refetch while another toggle is on its way would bring its lead back for a moment.
      if (queryClient.isMutating({ mutationKey: TOGGLE_LEAD_MUTATION_KEY }) > 1) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ALL_LEADS_KEY }),
        queryClient.invalidateQueries({ queryKey: collectionsQuery().queryKey }),
      ]);
    },
  });
}
