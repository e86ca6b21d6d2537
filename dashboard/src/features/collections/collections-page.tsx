import { Box, Button, Stack, VisuallyHidden } from '@chakra-ui/react';
import { CURRENT_COLLECTION_DEFAULT } from '@reachly/shared/constants';
import type { Collection } from '@reachly/shared/schemas';
import { Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { EmptyListState, ErrorState, LoadingState } from '../../components/list-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { LeadsPanel } from '../leads/components/leads-panel.tsx';
import { CollectionNameDialog } from './components/collection-name-dialog.tsx';
import { CollectionsTable } from './components/collections-table.tsx';
import { DeleteCollectionDialog } from './components/delete-collection-dialog.tsx';
import { useCreateCollection, useRenameCollection } from './hooks/use-collection-mutations.ts';
import { useSelectedCollection } from './hooks/use-selected-collection.ts';

/** Collections with their counts (the "All" aggregate first), and the leads of the selected one. */
export default function CollectionsPage() {
  const { collections, rows, selectedId, selected, select } = useSelectedCollection();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Collection | null>(null);
  const [deleting, setDeleting] = useState<Collection | null>(null);
  // What just happened, for screen readers (the change itself is visible in the list).
  const [announcement, setAnnouncement] = useState('');
  const create = useCreateCollection();
  const rename = useRenameCollection();

  const newButton = (
    <Button size="sm" onClick={() => setCreating(true)}>
      <Plus /> New collection
    </Button>
  );

  let list: ReactNode;
  if (collections.isPending) list = <LoadingState label="Loading collections…" />;
  else if (collections.isError)
    list = <ErrorState error={collections.error} onRetry={() => void collections.refetch()} />;
  else if (collections.data.length === 0)
    list = (
      <EmptyListState
        title="No collections yet"
        description="A collection keeps the leads of one campaign. Create one, then add or import its leads."
        action={newButton}
      />
    );
  else
    list = (
      <CollectionsTable
        rows={rows}
        selectedId={selectedId}
        onSelect={select}
        onRename={setRenaming}
        onDelete={setDeleting}
      />
    );

  return (
    <Stack gap="6">
      <PageHeader
        title="Collections"
        description="Choose a collection to see, add, import or clear its leads."
        action={newButton}
      />
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <Box as="section" aria-label="Collections">
        {list}
      </Box>
      {selected && collections.data && collections.data.length > 0 && <LeadsPanel collection={selected} />}

      <CollectionNameDialog
        open={creating}
        onClose={() => setCreating(false)}
        title="New collection"
        submitLabel="Create collection"
        testId="create-collection-dialog"
        onSubmit={async (name) => {
          const created = await create.mutateAsync(name);
          setAnnouncement(`Collection "${created.name}" created.`);
          setCreating(false);
          select(created.id);
        }}
      />
      <CollectionNameDialog
        open={renaming !== null}
        onClose={() => setRenaming(null)}
        title={renaming ? `Rename "${renaming.name}"` : 'Rename collection'}
        submitLabel="Save name"
        initialName={renaming?.name}
        testId="rename-collection-dialog"
        onSubmit={async (name) => {
          if (!renaming) return;
          await rename.mutateAsync({ id: renaming.id, name });
          setAnnouncement(`Collection renamed to "${name}".`);
          setRenaming(null);
        }}
      />
      <DeleteCollectionDialog
        collection={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(deleted) => {
          setAnnouncement(`Collection "${deleted.name}" and its leads deleted.`);
          if (deleted.id === selectedId) select(CURRENT_COLLECTION_DEFAULT);
        }}
      />
    </Stack>
  );
}
