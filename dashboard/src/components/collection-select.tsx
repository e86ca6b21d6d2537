import { CURRENT_COLLECTION_DEFAULT } from '@reachly/shared/constants';
import { ALL_COLLECTION_NAME, parseCurrentCollection } from '@reachly/shared/logic';
import { useQuery } from '@tanstack/react-query';
import { collectionsQuery } from '../features/collections/collections-queries.ts';
import { useCurrentCollection } from '../state/current-collection.ts';
import { OptionSelect } from './option-select.tsx';

/** Picks the current collection (All or one of the organisation's), kept in local storage. */
export function CollectionSelect({ label = 'Collection' }: { label?: string }) {
  const [current, setCurrent] = useCurrentCollection();
  const collections = useQuery(collectionsQuery());
  return (
    <OptionSelect
      size="sm"
      width="auto"
      minW="48"
      disabled={collections.isPending}
      options={[
        { value: CURRENT_COLLECTION_DEFAULT, label: ALL_COLLECTION_NAME },
        ...(collections.data ?? []).map((c) => ({ value: c.id, label: c.name })),
      ]}
      fieldProps={{
        'aria-label': label,
        'data-testid': 'collection-select',
        value: String(current),
        onChange: (e) => setCurrent(parseCurrentCollection(e.currentTarget.value)),
      }}
    />
  );
}
