import { Button, HStack, Spinner, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageCount } from '../utils/pagination.ts';

/** Previous / next with "Page x of y" and the number of profiles matching. */
export function ProfilesPagination({
  page,
  total,
  hasMore,
  loading,
  onPageChange,
}: {
  page: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onPageChange: (page: number) => void;
}) {
  return (
    <HStack as="nav" aria-label="Profile pages" gap="3" justify="space-between" wrap="wrap">
      <Text color="fg.muted" fontSize="sm">
        {total === 1 ? '1 profile' : `${total} profiles`}
      </Text>
      <HStack gap="2">
        {loading && <Spinner size="sm" aria-label="Loading page" />}
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden /> Previous
        </Button>
        <Text fontSize="sm" aria-live="polite" data-testid="profiles-page">
          Page {page} of {pageCount(total)}
        </Text>
        <Button size="sm" variant="outline" disabled={!hasMore} onClick={() => onPageChange(page + 1)}>
          Next <ChevronRight aria-hidden />
        </Button>
      </HStack>
    </HStack>
  );
}
