import { Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { ConfirmDialog } from '../../collections/components/confirm-dialog.tsx';
import { useClearLeads } from '../hooks/use-clear-leads.ts';
import { leadsText } from '../utils/count-text.ts';
import type { LeadsDialogProps } from './leads-dialog-props.ts';

/** Confirms DELETE /api/leads/clear?collectionId; a refusal is shown in the dialog (spec §8: rethrown). */
export function ClearLeadsDialog({ open, onClose, collection }: LeadsDialogProps) {
  const clear = useClearLeads();
  const { reset } = clear;
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);

  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={`Clear "${collection.name}"?`}
      confirmLabel="Clear leads"
      pending={clear.isPending}
      error={clear.error}
      testId="clear-leads-dialog"
      onConfirm={() =>
        clear.mutate(collection.id, {
          onSuccess: () => onClose(),
        })
      }
    >
      <Text>
        All {leadsText(collection.profiles)} of this collection, excluded or not, and their conversations are
        removed. The collection itself stays. This cannot be undone.
      </Text>
    </ConfirmDialog>
  );
}
