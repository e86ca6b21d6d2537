import { Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { CURRENT_COLLECTION_DEFAULT } from '@reachly/shared/constants';
import type { CollectionCounts } from '@reachly/shared/logic';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Eraser, FileUp, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { EmptyListState, ErrorState, LoadingState } from '../../../components/list-state.tsx';
import { useToggleLead } from '../hooks/use-toggle-lead.ts';
import { type LeadsFilter, leadsQuery } from '../leads-queries.ts';
import { flattenLeads, leadsTotal } from '../utils/leads-pages.ts';
import { AddLeadsDialog } from './add-leads-dialog.tsx';
import { ClearLeadsDialog } from './clear-leads-dialog.tsx';
import { ExcludedToggle } from './excluded-toggle.tsx';
import { ImportLeadsDialog } from './import-leads-dialog.tsx';
import { LeadsTable } from './leads-table.tsx';

type OpenDialog = 'add' | 'import' | 'clear' | null;

/**
 * The leads of the selected collection (or of all): "Not excluded" or "Excluded", keyset pages with
 * "Load more" under the rule of spec §5, exclude/include per lead, and for a real collection the
 * add, import and clear actions.
 */
export function LeadsPanel({ collection }: { collection: CollectionCounts }) {
  const [isExcluded, setIsExcluded] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const filter: LeadsFilter = { collectionId: collection.id, isExcluded };
  const leads = useInfiniteQuery(leadsQuery(filter));
  const toggle = useToggleLead();
  const real = collection.id === CURRENT_COLLECTION_DEFAULT ? null : { ...collection, id: collection.id };

  const loaded = leads.data ? flattenLeads(leads.data.pages) : [];
  const total = leads.data ? leadsTotal(leads.data.pages) : 0;
  const which = isExcluded ? 'excluded' : 'not excluded';

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
    body = isExcluded ? (
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
        <LeadsTable leads={loaded} onToggle={(lead) => toggle.mutate({ lead, filter })} />
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
            {leads.data ? `${loaded.length} of ${total} ${which} leads shown` : '\u00a0'}
          </Text>
        </Box>
        <HStack ms="auto" gap="2" wrap="wrap">
          <ExcludedToggle value={isExcluded} onChange={setIsExcluded} />
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
