import { Text } from '@chakra-ui/react';
import type { Collection } from '@reachly/shared/schemas';
import { useEffect } from 'react';
import { leadsText } from '../../leads/utils/count-text.ts';
import { useDeleteCollection } from '../hooks/use-collection-mutations.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

export interface DeleteCollectionDialogProps {
  collection: Collection | null;
  onClose: () => void;
  onDeleted: (collection: Collection) => void;
}

/** Confirms DELETE /api/collections/:id; the collection's leads and conversations go with it. */
export function DeleteCollectionDialog({ collection, onClose, onDeleted }: DeleteCollectionDialogProps) {
  const remove = useDeleteCollection();
  const { reset } = remove;
  useEffect(() => {
    if (collection) reset();
  }, [collection, reset]);

  return (
    <ConfirmDialog
      open={collection !== null}
      onClose={onClose}
      title={collection ? `Delete "${collection.name}"?` : 'Delete collection?'}
      confirmLabel="Delete collection"
      pending={remove.isPending}
      error={remove.error}
      testId="delete-collection-dialog"
      onConfirm={() => {
        if (!collection) return;
        remove.mutate(collection.id, {
          onSuccess: () => {
            onDeleted(collection);
            onClose();
          },
        });
      }}
    >
      <Text>
        Its {leadsText(collection?.profiles ?? 0)} and their conversations are deleted with it. This cannot be
        undone.
      </Text>
    </ConfirmDialog>
  );
}
