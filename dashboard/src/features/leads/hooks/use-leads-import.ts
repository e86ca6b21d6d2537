import { contract } from '@reachly/shared/contract';
import type { ImportLeadsResponse } from '@reachly/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { authHeaders, urlOf } from '../../../lib/api.ts';
import { randomHex } from '../../../lib/random.ts';
import { useRealtimeEvent } from '../../../realtime/use-realtime.ts';
import { IDLE_IMPORT, importReducer } from '../utils/import-progress.ts';
import { uploadWithProgress } from '../utils/upload-with-progress.ts';
import { invalidateLeadData } from './invalidate-lead-data.ts';

export interface ImportLeadsInput {
  collectionId: number;
  file: File;
  /** Remove the collection's leads first (in the same transaction as the import). */
  shouldClear: boolean;
}

interface ImportRequest extends ImportLeadsInput {
  importId: string;
  signal: AbortSignal;
  onProgress: (percent: number) => void;
}

/**
 * POST /api/leads/import as multipart (spec §7): the text fields first (the server accepts any
 * order, but with the fields first it checks them before it reads a row and imports the file as it
 * arrives), then the file. Sent with XMLHttpRequest for the upload's percentage.
 */
async function postImport({ collectionId, file, shouldClear, importId, signal, onProgress }: ImportRequest) {
  const body = new FormData();
  body.append('collectionId', String(collectionId));
  body.append('shouldClear', String(shouldClear));
  body.append('importId', importId);
  body.append('file', file, file.name);
  const answer = await uploadWithProgress({
    url: urlOf(contract.leads.import, {}),
    body,
    headers: authHeaders(),
    signal,
    onProgress,
  });
  return contract.leads.import.response.parse(answer);
}

/**
 * A CSV import with its progress: the upload's percentage, then the server's counts pushed as
 * leads-import-progress for this import's id, then the result (imported, duplicates, invalid lines).
 * A failure is kept for the page to show (spec §8: import errors are rethrown). Once it is over, the
 * collections' counts and the leads lists are fetched again.
 */
export function useLeadsImport() {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(importReducer, IDLE_IMPORT);
  const abortRef = useRef<AbortController | null>(null);

  useRealtimeEvent('leads-import-progress', (progress) => dispatch({ type: 'server', progress }));

  const mutation = useMutation({
    mutationFn: postImport,
    onSettled: () => invalidateLeadData(queryClient),
  });
  const { mutateAsync } = mutation;

  const start = useCallback(
    async (input: ImportLeadsInput): Promise<ImportLeadsResponse | null> => {
      abortRef.current?.abort();
      const controller = new AbortController();
      abortRef.current = controller;
      const importId = randomHex(16);
      dispatch({ type: 'start', importId });
      try {
        const result = await mutateAsync({
          ...input,
          importId,
          signal: controller.signal,
          onProgress: (percent) => dispatch({ type: 'upload', importId, percent }),
        });
        dispatch({ type: 'done', importId, result });
        return result;
      } catch (error) {
        if ((error as Error).name === 'AbortError') dispatch({ type: 'reset' });
        else dispatch({ type: 'failed', importId, error: error as Error });
        return null;
      } finally {
        if (abortRef.current === controller) abortRef.current = null;
      }
    },
    [mutateAsync],
  );

  /** Stops an upload on its way (the server keeps none of its rows) and forgets any result. */
  const reset = useCallback(() => {
    abortRef.current?.abort();
    abortRef.current = null;
    dispatch({ type: 'reset' });
  }, []);

  useEffect(() => () => abortRef.current?.abort(), []);

  return { state, start, reset };
}
