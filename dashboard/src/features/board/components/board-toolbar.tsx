import { Flex, Heading, Input, Spinner } from '@chakra-ui/react';
import { contract } from '@reachly/shared/contract';
import { CollectionSelect } from '../../../components/collection-select.tsx';
import { call } from '../../../lib/api.ts';
import { ExportButton } from '../../exports/components/export-button.tsx';
import type { BoardParams } from '../board-queries.ts';

interface BoardToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  updating: boolean;
  /** The board's collection and search, which its CSV export keeps. */
  params: BoardParams;
}

/** The board's title, the collection selector (All too), the search box and the CSV export of what it shows. */
export function BoardToolbar({ search, onSearch, updating, params }: BoardToolbarProps) {
  return (
    <Flex gap="3" align="center" wrap="wrap">
      <Heading as="h1" size="lg" me="auto">
        Funnel board
      </Heading>
      {updating && <Spinner size="sm" color="colorPalette.solid" aria-label="Updating the board" />}
      <CollectionSelect />
      <Input
        type="search"
        size="sm"
        width={{ base: 'full', sm: '64' }}
        placeholder="Search by name or message"
        aria-label="Search conversations"
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
      />
      <ExportButton
        what="the board's conversations"
        fallbackName="conversations.csv"
        request={(signal) =>
          call(
            contract.exports.conversations,
            { query: { collectionId: params.collectionId, search: params.search || undefined } },
            { signal },
          )
        }
      />
    </Flex>
  );
}
