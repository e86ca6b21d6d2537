import { Button, Card, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { EmptyListState, ErrorState, LoadingState } from '../../components/list-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { AddEntryForm } from './components/add-entry-form.tsx';
import { EntriesList } from './components/entries-list.tsx';
import { ImportEntriesButton, type ImportedFile, ImportReport } from './components/import-entries.tsx';
import { doNotContactQuery } from './do-not-contact-queries.ts';

const PAGE = 50;

/**
 * /do-not-contact: the organisation's list of people nobody may contact, by profile URL, network
 * id, name, company or keyword; added by hand, from a CSV file, or in one click from a lead or a
 * conversation. Campaigns leave them out when planning and every claim checks again.
 */
export default function DoNotContactPage() {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const [pages, setPages] = useState<number[]>([0]);
  const lastId = pages[pages.length - 1] ?? 0;
  const query = useQuery(doNotContactQuery({ search: deferred || undefined, lastId, limit: PAGE }));
  const [imported, setImported] = useState<ImportedFile | null>(null);
  const onSearch = (value: string) => {
    setSearch(value);
    setPages([0]);
  };
  return (
    <Stack gap="4">
      <PageHeader
        title="Do not contact"
        description="People no profile or campaign of your organisation will contact: by profile URL, network id, name, company or keyword."
        action={<ImportEntriesButton onResult={setImported} />}
      />
      <Card.Root>
        <Card.Body>
          <AddEntryForm />
        </Card.Body>
      </Card.Root>
      {imported && <ImportReport result={imported.result} fileName={imported.fileName} />}
      <Flex gap="3" align="center" wrap="wrap">
        <Input
          size="sm"
          maxW={{ base: 'full', md: 'sm' }}
          type="search"
          placeholder="Search values and notes"
          aria-label="Search the do-not-contact list"
          data-testid="dnc-search"
          value={search}
          onChange={(e) => onSearch(e.currentTarget.value)}
        />
        {query.data && (
          <Text fontSize="sm" color="fg.muted" data-testid="dnc-count">
            {query.data.totalCount} {query.data.totalCount === 1 ? 'entry' : 'entries'}
          </Text>
        )}
      </Flex>
      {query.isPending ? (
        <LoadingState label="Loading the list…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.entries.length === 0 ? (
        <EmptyListState
          title={deferred ? 'Nothing matches the search' : 'Nobody is on the list'}
          description={
            deferred
              ? undefined
              : 'Add a person, a company or a keyword above, import a CSV file, or use "Do not contact" on a lead or a conversation.'
          }
        />
      ) : (
        <>
          <EntriesList entries={query.data.entries} />
          <Flex gap="2" justify="end">
            {pages.length > 1 && (
              <Button size="sm" variant="outline" onClick={() => setPages(pages.slice(0, -1))}>
                Previous
              </Button>
            )}
            {query.data.hasMore && (
              <Button
                size="sm"
                variant="outline"
                onClick={() =>
                  setPages([...pages, query.data.entries[query.data.entries.length - 1]?.id ?? 0])
                }
              >
                Next
              </Button>
            )}
          </Flex>
        </>
      )}
    </Stack>
  );
}
