import { Button, Flex, Text } from '@chakra-ui/react';
import type { BulkLeadsResponse, Collection, LeadsBulkAction } from '@reachly/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { ArrowRightLeft, Copy, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { formatCount } from '../../../lib/format.ts';
import { collectionsQuery } from '../../collections/collections-queries.ts';
import { ConfirmDialog } from '../../collections/components/confirm-dialog.tsx';
import { useBulkLeads } from '../hooks/use-bulk-leads.ts';
import type { LeadsFilter } from '../leads-queries.ts';
import { leadsText } from '../utils/count-text.ts';
import { type LeadSelection, selectedCount, selectionRequest } from '../utils/lead-selection.ts';
import { BulkTargetDialog } from './bulk-target-dialog.tsx';

const DONE: Record<LeadsBulkAction, string> = {
  exclude: 'excluded',
  include: 'included',
  delete: 'deleted',
  move: 'moved',
  copy: 'copied',
};

/** What a finished action did, in words: "1,234 leads excluded (2 already were)". */
function bulkOutcome(action: LeadsBulkAction, done: BulkLeadsResponse, target?: string): string {
  const where = target ? ` to "${target}"` : '';
  const skipped = done.skipped > 0 ? ` (${formatCount(done.skipped)} skipped: already so)` : '';
  return `${leadsText(done.changed)} ${DONE[action]}${where}${skipped}.`;
}

export interface BulkBarProps {
  selection: LeadSelection;
  /** How many leads the list's filter matches on the server. */
  total: number;
  filter: LeadsFilter;
  onSelectAll: () => void;
  onClear: () => void;
  /** Called with the outcome once an action succeeded (the selection is cleared). */
  onDone: (message: string) => void;
}

/**
 * What to do with the selected leads: exclude or include (the side of the toggle shown), move or
 * copy to another collection, delete after a confirmation naming the count; and, when a page is
 * selected, the offer to select all N leads the filter matches.
 */
export function BulkBar({ selection, total, filter, onSelectAll, onClear, onDone }: BulkBarProps) {
  const bulk = useBulkLeads();
  const [dialog, setDialog] = useState<'delete' | 'move' | 'copy' | null>(null);
  const confirming = dialog !== null;
  const targets = useBulkTargets(filter);
  const count = selectedCount(selection, total);
  const run = (action: LeadsBulkAction, target?: Collection) =>
    bulk.mutate(
      {
        action,
        selection: selectionRequest(selection, filter),
        ...(target ? { targetCollectionId: target.id } : {}),
      },
      {
        onSuccess: (done) => {
          setDialog(null);
          onDone(bulkOutcome(action, done, target?.name));
        },
      },
    );
  const open = (next: typeof dialog) => {
    bulk.reset();
    setDialog(next);
  };
  const toggleAction = filter.isExcluded ? 'include' : 'exclude';
  return (
    <Flex
      gap="2"
      wrap="wrap"
      align="center"
      p="2"
      borderWidth="1px"
      borderColor="border"
      rounded="md"
      bg="bg.muted"
      data-testid="bulk-bar"
    >
      <Text fontSize="sm" fontWeight="semibold" data-testid="bulk-count">
        {leadsText(count)} selected
      </Text>
      {!selection.all && total > count && (
        <Button
          size="xs"
          variant="plain"
          textDecoration="underline"
          onClick={onSelectAll}
          data-testid="select-all-matching"
        >
          Select all {formatCount(total)} matching
        </Button>
      )}
      <Button size="xs" variant="plain" onClick={onClear}>
        Clear selection
      </Button>
      <Flex gap="2" wrap="wrap" ms={{ md: 'auto' }}>
        <Button
          size="xs"
          variant="outline"
          onClick={() => run(toggleAction)}
          loading={bulk.isPending && !confirming}
        >
          {toggleAction === 'exclude' ? 'Exclude' : 'Include'}
        </Button>
        <Button size="xs" variant="outline" onClick={() => open('move')}>
          <ArrowRightLeft /> Move to…
        </Button>
        <Button size="xs" variant="outline" onClick={() => open('copy')}>
          <Copy /> Copy to…
        </Button>
        <Button size="xs" variant="outline" colorPalette="red" onClick={() => open('delete')}>
          <Trash2 /> Delete
        </Button>
      </Flex>
      {bulk.isError && !confirming && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {bulk.error.message}
        </Text>
      )}
      <ConfirmDialog
        open={dialog === 'delete'}
        onClose={() => setDialog(null)}
        title={`Delete ${leadsText(count)}?`}
        confirmLabel={`Delete ${leadsText(count)}`}
        pending={bulk.isPending}
        error={bulk.error}
        testId="bulk-delete-dialog"
        onConfirm={() => run('delete')}
      >
        <Text>
          The {leadsText(count)} and their conversations are removed from every list and from the board. This
          cannot be undone.
        </Text>
      </ConfirmDialog>
      <BulkTargetDialog
        action={dialog === 'move' || dialog === 'copy' ? dialog : null}
        count={count}
        targets={targets}
        onClose={() => setDialog(null)}
        onConfirm={(id) => {
          const target = targets.find((c) => c.id === id);
          if (target && (dialog === 'move' || dialog === 'copy')) run(dialog, target);
        }}
        pending={bulk.isPending}
        error={bulk.error}
      />
    </Flex>
  );
}

/** The collections move and copy may send leads to: every one but the one listed. */
function useBulkTargets(filter: LeadsFilter): Collection[] {
  const collections = useQuery(collectionsQuery());
  return (collections.data ?? []).filter((c) => c.id !== filter.collectionId);
}
