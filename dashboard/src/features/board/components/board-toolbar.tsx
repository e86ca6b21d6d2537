import { Flex, Heading, Input, Spinner } from '@chakra-ui/react';
import { CollectionSelect } from '../../../components/collection-select.tsx';

interface BoardToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  updating: boolean;
}

/** The board's title, the collection selector (All too) and the search box. */
export function BoardToolbar({ search, onSearch, updating }: BoardToolbarProps) {
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
    </Flex>
  );
}
