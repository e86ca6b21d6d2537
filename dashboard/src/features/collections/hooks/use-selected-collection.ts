import { CURRENT_COLLECTION_DEFAULT } from '@reachly/shared/constants';
import {
  allCollection,
  type CollectionCounts,
  type CollectionId,
  parseCurrentCollection,
} from '@reachly/shared/logic';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ROUTES } from '../../../route-paths.ts';
import { useCurrentCollection } from '../../../state/current-collection.ts';
import { collectionsQuery } from '../collections-queries.ts';

/** The screen's address for a collection: /collections/:id, /collections/all for All. */
function collectionPath(id: CollectionId): string {
  return `${ROUTES.collections}/${id}`;
}

/**
 * The collection the screen shows: /collections/:collectionId when the address names one, else
 * the current collection kept in local storage (spec §4, non-numeric → all). Either way it becomes
 * the current collection; selecting one goes to its address. An id the organisation does not have (deleted since) falls back to All.
 * `rows` is the list as the screen shows it: the "All" aggregate first, then each collection.
 */
export function useSelectedCollection() {
  const { collectionId: param } = useParams();
  const navigate = useNavigate();
  const [current, setCurrent] = useCurrentCollection();
  const collections = useQuery(collectionsQuery());

  const requested = param === undefined ? current : parseCurrentCollection(param);
  const known =
    requested === CURRENT_COLLECTION_DEFAULT ||
    !collections.data ||
    collections.data.some((c) => c.id === requested);
  const selectedId: CollectionId = known ? requested : CURRENT_COLLECTION_DEFAULT;

  useEffect(() => {
    if (selectedId !== current) setCurrent(selectedId);
  }, [selectedId, current, setCurrent]);

  useEffect(() => {
    if (!known && param !== undefined) navigate(ROUTES.collections, { replace: true });
  }, [known, param, navigate]);

  const rows = useMemo<CollectionCounts[]>(
    () => (collections.data ? [allCollection(collections.data), ...collections.data] : []),
    [collections.data],
  );
  const selected = rows.find((row) => row.id === selectedId) ?? null;

  // The address decides; the effect above then makes it the current collection.
  const select = useCallback((id: CollectionId) => navigate(collectionPath(id)), [navigate]);

  return { collections, rows, selectedId, selected, select };
}
