import { Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { CURRENT_COLLECTION_DEFAULT } from '@reachly/shared/constants';
import { contract } from '@reachly/shared/contract';
import type { CollectionCounts } from '@reachly/shared/logic';
import type { LeadsSort } from '@reachly/shared/schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Eraser, FileUp, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { EmptyListState, ErrorState, LoadingState } from '../../../components/list-state.tsx';
import { call } from '../../../lib/api.ts';
import { formatCount } from '../../../lib/format.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { ExportButton } from '../../exports/components/export-button.tsx';
import { useToggleLead } from '../hooks/use-toggle-lead.ts';
import { type LeadsFilter, leadsQuery } from '../leads-queries.ts';
import {
  isLeadSelected,
  isPageSelected,
  type LeadSelection,
  NO_SELECTION,
  toggleLeadSelection,
  togglePageSelection,
} from '../utils/lead-selection.ts';
import { flattenLeads, leadsTotal } from '../utils/leads-pages.ts';
import { AddLeadsDialog } from './add-leads-dialog.tsx';
import { BulkBar } from './bulk-bar.tsx';
import { ClearLeadsDialog } from './clear-leads-dialog.tsx';
import { ImportLeadsDialog } from './import-leads-dialog.tsx';
import { LeadsTable } from './leads-table.tsx';
import { LeadsToolbar } from './leads-toolbar.tsx';

type OpenDialog = 'add' | 'import' | 'clear' | null;

/**
 * The leads of the selected collection (or of all): "Not excluded" or "Excluded", searched and
 * sorted, keyset pages with "Load more" under the rule of spec §5, exclude/include per lead, bulk
 * selection (one by one, the loaded page, or all matching) and its actions, and for a real
 * collection the add, import and clear actions.
 */
export function LeadsPanel({ collection }: { collection: CollectionCounts }) {
  const [isExcluded, setIsExcluded] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [sort, setSort] = useState<LeadsSort>('oldest');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [outcome, setOutcome] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const filter: LeadsFilter = { collectionId: collection.id, isExcluded, search, sort };
  // A selection belongs to the list it was made in: another filter starts with none.
  const filterKey = JSON.stringify(filter);
  const [picked, setPicked] = useState<{ key: string; selection: LeadSelection }>({
    key: '',
    selection: NO_SELECTION,
  });
  const selection = picked.key === filterKey ? picked.selection : NO_SELECTION;
  const select = (next: LeadSelection) => {
    setOutcome('');
    setPicked({ key: filterKey, selection: next });
  };
  const leads = useInfiniteQuery(leadsQuery(filter));
  const toggle = useToggleLead();
  const real = collection.id === CURRENT_COLLECTION_DEFAULT ? null : { ...collection, id: collection.id };

  const loaded = leads.data ? flattenLeads(leads.data.pages) : [];
  const loadedIds = loaded.map((lead) => lead.id);
  const total = leads.data ? leadsTotal(leads.data.pages) : 0;
  const which = isExcluded ? 'excluded' : 'not excluded';
  const someSelected = selection.all || selection.ids.size > 0;

  const addButton = (
    <Button size="sm" variant="outline" onClick={() => setDialog('add')} disabled={!real}>
      <Plus /> Add leads
    </Button>
  );
  const importButton = (
    <Button size="sm" variant="outline" onClick={() => setDialog('import')} disabled={!real}>
      <FileUp /> Import CSV
    </Button>
  );

  let body: ReactNode;
  if (leads.isPending) body = <LoadingState label="Loading leads…" />;
  else if (leads.isError && !leads.data)
    body = <ErrorState error={leads.error} onRetry={() => void leads.refetch()} />;
  else if (loaded.length === 0)
    body = search ? (
      <EmptyListState
        title={`No ${which} leads match "${search}"`}
        description="Try another name or part of a link."
      />
    ) : isExcluded ? (
      <EmptyListState
        title="No excluded leads"
        description="Leads you exclude are kept here, out of the collection's work."
      />
    ) : real ? (
      <EmptyListState
        title={`No leads in "${real.name}" yet`}
        description="Paste profile links or import a CSV file."
        action={
          <HStack>
            {addButton}
            {importButton}
          </HStack>
        }
      />
    ) : (
      <EmptyListState title="No leads yet" description="Choose a collection above to add or import leads." />
    );
  else
    body = (
      <Stack gap="3">
        {someSelected && (
          <BulkBar
            selection={selection}
            total={total}
            filter={filter}
            onSelectAll={() => select({ all: true })}
            onClear={() => select(NO_SELECTION)}
            onDone={(message) => {
              select(NO_SELECTION);
              setOutcome(message);
            }}
          />
        )}
        <LeadsTable
          leads={loaded}
          onToggle={(lead) => toggle.mutate({ lead, filter })}
          isSelected={(id) => isLeadSelected(selection, id)}
          onSelect={(id) => select(toggleLeadSelection(selection, id, loadedIds))}
          pageSelected={isPageSelected(selection, loadedIds) ? true : someSelected ? 'indeterminate' : false}
          onSelectPage={() => select(togglePageSelection(selection, loadedIds))}
        />
        {leads.isFetchNextPageError && (
          <ErrorState error={leads.error} onRetry={() => void leads.fetchNextPage()} />
        )}
        {leads.hasNextPage && !leads.isFetchNextPageError && (
          <Box textAlign="center">
            <Button
              variant="outline"
              onClick={() => void leads.fetchNextPage()}
              loading={leads.isFetchingNextPage}
              loadingText="Loading more…"
            >
              Load more
            </Button>
          </Box>
        )}
      </Stack>
    );

  return (
    <Stack as="section" aria-labelledby="leads-heading" gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Box>
          <Heading as="h2" size="lg" id="leads-heading">
            Leads of {collection.name}
          </Heading>
          <Text color="fg.muted" fontSize="sm" aria-live="polite" data-testid="leads-summary">
            {leads.data
              ? `${formatCount(loaded.length)} of ${formatCount(total)} ${which} leads shown${search ? ` matching "${search}"` : ''}`
              : '\u00a0'}
          </Text>
          {outcome && (
            <Text fontSize="sm" role="status" data-testid="bulk-outcome">
              {outcome}
            </Text>
          )}
        </Box>
        <HStack ms="auto" gap="2" wrap="wrap">
          <ExportButton
            what={`the ${which} leads of ${collection.name}${search ? ` matching "${search}"` : ''}`}
            fallbackName="leads.csv"
            disabled={leads.data !== undefined && total === 0}
            request={(signal) =>
              call(
                contract.exports.leads,
                { query: { collectionId: collection.id, isExcluded, ...(search ? { search } : {}) } },
                { signal },
              )
            }
          />
          {addButton}
          {importButton}
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            onClick={() => setDialog('clear')}
            disabled={!real || collection.profiles === 0}
          >
            <Eraser /> Clear
          </Button>
        </HStack>
      </Flex>
      <LeadsToolbar
        search={searchText}
        onSearch={setSearchText}
        sort={sort}
        onSort={setSort}
        isExcluded={isExcluded}
        onExcluded={setIsExcluded}
      />
      {!real && (
        <Text fontSize="sm" color="fg.muted">
          Choose a collection to add, import or clear its leads.
        </Text>
      )}
      {body}
      {real && (
        <>
          <AddLeadsDialog open={dialog === 'add'} onClose={() => setDialog(null)} collection={real} />
          <ImportLeadsDialog open={dialog === 'import'} onClose={() => setDialog(null)} collection={real} />
          <ClearLeadsDialog open={dialog === 'clear'} onClose={() => setDialog(null)} collection={real} />
        </>
      )}
    </Stack>
  );
}
