import { contract } from '@reachly/shared/contract';
import type { AddDoNotContactBody, DoNotContactQuery } from '@reachly/shared/schemas';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { useRefreshingMutation } from '../../lib/use-refreshing-mutation.ts';

export const DO_NOT_CONTACT_KEY = ['do-not-contact'] as const;

/** GET /api/do-not-contact: the list, newest first, filtered by the search box; the page before stays while the next loads. */
export const doNotContactQuery = (query: Partial<DoNotContactQuery>) =>
  queryOptions({
    queryKey: [...DO_NOT_CONTACT_KEY, query] as const,
    queryFn: ({ signal }) => call(contract.doNotContact.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

/** A mutation that refreshes the list once it settles; with an `errorTitle` a failure is toasted. */
const useListMutation = <V, R>(mutationFn: (vars: V) => Promise<R>, errorTitle?: string) =>
  useRefreshingMutation(DO_NOT_CONTACT_KEY, mutationFn, { meta: { errorTitle } });

export const useAddEntry = () =>
  useListMutation((body: AddDoNotContactBody) => call(contract.doNotContact.add, { body }));

export const useAddLead = () =>
  useListMutation(
    (leadId: number) => call(contract.doNotContact.addLead, { params: { id: leadId } }),
    'Could not add to the do-not-contact list',
  );

export const useRemoveEntry = () =>
  useListMutation(
    (id: number) => call(contract.doNotContact.remove, { params: { id } }),
    'Could not remove from the do-not-contact list',
  );

export const useImportEntries = () =>
  useListMutation((body: { csv: string; note: string }) => call(contract.doNotContact.import, { body }));
