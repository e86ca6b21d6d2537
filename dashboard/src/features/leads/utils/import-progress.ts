import type { RealtimePayload } from '@reachly/shared/realtime';
import type { ImportLeadsResponse } from '@reachly/shared/schemas';

/** What the server has read so far, pushed as leads-import-progress. */
export type ServerImportProgress = Omit<
  RealtimePayload<'leads-import-progress'>,
  'importId' | 'collectionId'
>;

/**
 * A CSV import from the page's side: idle; running (the upload's percentage, then the server's own
 * progress pushed over the socket for this import's id); done with the server's result; or failed.
 */
export type ImportState =
  | { phase: 'idle' }
  | { phase: 'running'; importId: string; uploadPercent: number; server: ServerImportProgress | null }
  | { phase: 'done'; importId: string; result: ImportLeadsResponse }
  | { phase: 'failed'; importId: string; error: Error };

export type ImportAction =
  | { type: 'start'; importId: string }
  | { type: 'upload'; importId: string; percent: number }
  | { type: 'server'; progress: RealtimePayload<'leads-import-progress'> }
  | { type: 'done'; importId: string; result: ImportLeadsResponse }
  | { type: 'failed'; importId: string; error: Error }
  | { type: 'reset' };

export const IDLE_IMPORT: ImportState = { phase: 'idle' };

/** Applies one event; events of another import (or arriving after this one ended) change nothing. */
export function importReducer(state: ImportState, action: ImportAction): ImportState {
  switch (action.type) {
    case 'start':
      return { phase: 'running', importId: action.importId, uploadPercent: 0, server: null };
    case 'reset':
      return IDLE_IMPORT;
    case 'upload':
      if (state.phase !== 'running' || state.importId !== action.importId) return state;
      return { ...state, uploadPercent: Math.max(state.uploadPercent, action.percent) };
    case 'server': {
      if (state.phase !== 'running' || state.importId !== action.progress.importId) return state;
      const { importId: _id, collectionId: _collection, ...progress } = action.progress;
      if (state.server && progress.processedRows < state.server.processedRows) return state;
      return { ...state, server: progress };
    }
    case 'done':
      if (state.phase !== 'running' || state.importId !== action.importId) return state;
      return { phase: 'done', importId: action.importId, result: action.result };
    case 'failed':
      if (state.phase !== 'running' || state.importId !== action.importId) return state;
      return { phase: 'failed', importId: action.importId, error: action.error };
  }
}
