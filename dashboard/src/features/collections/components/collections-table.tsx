import { Button, HStack, IconButton, Table, VisuallyHidden } from '@chakra-ui/react';
import { CURRENT_COLLECTION_DEFAULT } from '@reachly/shared/constants';
import { availableToMessage, type CollectionCounts, type CollectionId } from '@reachly/shared/logic';
import type { Collection } from '@reachly/shared/schemas';
import { Pencil, Trash2 } from 'lucide-react';
import { DataTable } from '../../../components/data-table.tsx';
import { formatCount } from '../../../lib/format.ts';

const COUNT_COLUMNS = [
  { key: 'profiles', label: 'Leads' },
  { key: 'hasMessageButton', label: 'Message button' },
  { key: 'sentFriendRequests', label: 'Friend requests sent' },
  { key: 'sentMessages', label: 'Messages sent' },
  { key: 'shouldSkip', label: 'Skipped' },
] as const;

export interface CollectionsTableProps {
  /** The "All" aggregate first, then each collection. */
  rows: CollectionCounts[];
  selectedId: CollectionId;
  onSelect: (id: CollectionId) => void;
  onRename: (collection: Collection) => void;
  onDelete: (collection: Collection) => void;
}

const isReal = (row: CollectionCounts): row is Collection => row.id !== CURRENT_COLLECTION_DEFAULT;

/** Each collection with its counts and availableToMessage (spec §3); a row's name selects it. */
export function CollectionsTable({ rows, selectedId, onSelect, onRename, onDelete }: CollectionsTableProps) {
  return (
    <DataTable
      interactive
      data-testid="collections-table"
      caption="Collections with their lead counts; choose one to see its leads"
      header={
        <>
          <Table.ColumnHeader>Collection</Table.ColumnHeader>
          {COUNT_COLUMNS.map((column) => (
            <Table.ColumnHeader key={column.key} textAlign="end">
              {column.label}
            </Table.ColumnHeader>
          ))}
          <Table.ColumnHeader textAlign="end">Available to message</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.ColumnHeader>
        </>
      }
    >
      {rows.map((row) => {
        const selected = row.id === selectedId;
        return (
          <Table.Row
            key={row.id}
            data-testid={`collection-row-${row.id}`}
            data-selected={selected || undefined}
            bg={selected ? 'colorPalette.subtle' : undefined}
          >
            <Table.Cell>
              <Button
                variant="plain"
                size="sm"
                px="0"
                minW="0"
                fontWeight={selected ? 'bold' : 'medium'}
                aria-pressed={selected}
                onClick={() => onSelect(row.id)}
              >
                {row.name}
              </Button>
            </Table.Cell>
            {COUNT_COLUMNS.map((column) => (
              <Table.Cell key={column.key} textAlign="end" data-field={column.key}>
                {formatCount(row[column.key])}
              </Table.Cell>
            ))}
            <Table.Cell textAlign="end" data-field="availableToMessage" fontWeight="semibold">
              {formatCount(availableToMessage(row))}
            </Table.Cell>
            <Table.Cell textAlign="end">
              {isReal(row) && (
                <HStack gap="1" justify="end">
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label={`Rename ${row.name}`}
                    onClick={() => onRename(row)}
                  >
                    <Pencil />
                  </IconButton>
                  <IconButton
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    aria-label={`Delete ${row.name}`}
                    onClick={() => onDelete(row)}
                  >
                    <Trash2 />
                  </IconButton>
                </HStack>
              )}
            </Table.Cell>
          </Table.Row>
        );
      })}
    </DataTable>
  );
}
