import { Flex, Input, InputGroup } from '@chakra-ui/react';
import { type LeadsSort, SEARCH_MAX_LENGTH } from '@reachly/shared/schemas';
import { Search } from 'lucide-react';
import { OptionSelect } from '../../../components/option-select.tsx';
import { ExcludedToggle } from './excluded-toggle.tsx';

const SORT_OPTIONS: { value: LeadsSort; label: string }[] = [
  { value: 'oldest', label: 'Oldest first' },
  { value: 'newest', label: 'Newest first' },
  { value: 'name-asc', label: 'Name A–Z' },
  { value: 'name-desc', label: 'Name Z–A' },
];

export interface LeadsToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  sort: LeadsSort;
  onSort: (sort: LeadsSort) => void;
  isExcluded: boolean;
  onExcluded: (next: boolean) => void;
}

/** The list's controls: search by name or link, the sort, and the excluded toggle. */
export function LeadsToolbar({ search, onSearch, sort, onSort, isExcluded, onExcluded }: LeadsToolbarProps) {
  return (
    <Flex gap="2" wrap="wrap" align="center">
      <InputGroup startElement={<Search size="16" aria-hidden />} flex="1 1 16rem" maxW={{ md: 'sm' }}>
        <Input
          size="sm"
          type="search"
          value={search}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(e) => onSearch(e.currentTarget.value)}
          placeholder="Search name or profile link"
          aria-label="Search leads"
          data-testid="leads-search"
        />
      </InputGroup>
      <OptionSelect
        size="sm"
        width="auto"
        options={SORT_OPTIONS}
        fieldProps={{
          'aria-label': 'Sort leads',
          'data-testid': 'leads-sort',
          value: sort,
          onChange: (e) => onSort(e.currentTarget.value as LeadsSort),
        }}
      />
      <ExcludedToggle value={isExcluded} onChange={onExcluded} />
    </Flex>
  );
}
