import { NativeSelect } from '@chakra-ui/react';
import { CURRENT_COLLECTION_DEFAULT } from '@reachly/shared/constants';
import { ALL_COLLECTION_NAME, parseCurrentCollection } from '@reachly/shared/logic';
import { useQuery } from '@tanstack/react-query';
import { collectionsQuery } from '../features/collections/collections-queries.ts';
import { useCurrentCollection } from '../state/current-collection.ts';

/** Picks the current collection (All or one of the organisation's), kept in local storage. */
export function CollectionSelect({ label = 'Collection' }: { label?: string }) {
  const [current, setCurrent] = useCurrentCollection();
  const collections = useQuery(collectionsQuery());
  return (
    <NativeSelect.Root size="sm" width="auto" minW="48" disabled={collections.isPending}>
      <NativeSelect.Field
        aria-label={label}
        data-testid="collection-select"
        value={String(current)}
        onChange={(e) => setCurrent(parseCurrentCollection(e.currentTarget.value))}
      >
        <option value={CURRENT_COLLECTION_DEFAULT}>{ALL_COLLECTION_NAME}</option>
        {collections.data?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
