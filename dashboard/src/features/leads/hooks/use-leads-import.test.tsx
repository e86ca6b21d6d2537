import { TAB_HEADER } from '@reachly/shared/constants';
import type { RealtimePayload } from '@reachly/shared/realtime';
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken, TAB_ID } from '../../../lib/api.ts';
import { collectionsQuery } from '../../collections/collections-queries.ts';
import { FakeXhr } from '../test-support/fake-xhr.ts';
import { withClient } from '../test-support/leads-fixtures.tsx';
import { useLeadsImport } from './use-leads-import.ts';

type ProgressListener = (payload: RealtimePayload<'leads-import-progress'>) => void;
const realtime = vi.hoisted(() => ({ listener: null as ((payload: never) => void) | null }));
vi.mock('../../../realtime/use-realtime.ts', () => ({
  useRealtimeEvent: (_event: string, listener: (payload: never) => void) => {
    realtime.listener = listener;
  },
}));
const push = (payload: RealtimePayload<'leads-import-progress'>) =>
  act(() => (realtime.listener as ProgressListener | null)?.(payload));

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  setAccessToken('token-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  setAccessToken(null);
});

function setup() {
  const client = new QueryClient();
  client.setQueryData(collectionsQuery().queryKey, []);
  const hook = renderHook(() => useLeadsImport(), { wrapper: withClient(client) });
  return { client, hook };
}

const file = () => new File(['url\nhttps://facebook.com/a\n'], 'leads.csv', { type: 'text/csv' });
const answer = (importId: string) => ({
  importId,
  imported: 1,
  duplicates: 2,
  invalid: [{ line: 4, reason: 'Missing profile URL' }],
  invalidCount: 1,
});

describe('useLeadsImport', () => {
  it('uploads the fields before the file, then shows the upload percentage, the server progress and the result', async () => {
    const { client, hook } = setup();
    let finished: Promise<unknown> = Promise.resolve();
    act(() => {
      finished = hook.result.current.start({ collectionId: 7, file: file(), shouldClear: true });
    });
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const xhr = FakeXhr.last;
    expect(xhr.url).toBe('/api/leads/import');
    expect(xhr.headers).toEqual({ authorization: 'token-1', [TAB_HEADER]: TAB_ID });
    const form = xhr.body as FormData;
    expect([...form.keys()]).toEqual(['collectionId', 'shouldClear', 'importId', 'file']);
    expect(form.get('collectionId')).toBe('7');
    expect(form.get('shouldClear')).toBe('true');
    const state = hook.result.current.state;
    if (state.phase !== 'running') throw new Error('not running');
    expect(form.get('importId')).toBe(state.importId);

    act(() => xhr.progress(30, 100));
    expect(hook.result.current.state).toMatchObject({ phase: 'running', uploadPercent: 30, server: null });

    const progress = { collectionId: 7, processedRows: 5000, imported: 4990, duplicates: 6, invalid: 4 };
    push({ importId: 'someone-else', ...progress });
    expect(hook.result.current.state).toMatchObject({ server: null });
    push({ importId: state.importId, ...progress });
    expect(hook.result.current.state).toMatchObject({
      server: { processedRows: 5000, imported: 4990, duplicates: 6, invalid: 4 },
    });

    act(() => xhr.respond(200, answer(state.importId)));
    await waitFor(() => expect(hook.result.current.state.phase).toBe('done'));
    expect(hook.result.current.state).toMatchObject({ result: answer(state.importId) });
    await expect(finished).resolves.toEqual(answer(state.importId));
    await waitFor(() => expect(client.getQueryState(collectionsQuery().queryKey)?.isInvalidated).toBe(true));
  });

  it("keeps the server's error to show it (spec §8: import errors are rethrown)", async () => {
    const { hook } = setup();
    act(() => void hook.result.current.start({ collectionId: 7, file: file(), shouldClear: false }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() =>
      FakeXhr.last.respond(404, { error: { code: 'NOT_FOUND', message: 'Collection 7 not found.' } }),
    );
    await waitFor(() => expect(hook.result.current.state.phase).toBe('failed'));
    const state = hook.result.current.state;
    expect(state.phase === 'failed' && state.error.message).toBe('Collection 7 not found.');
  });

  it('cancels an upload on its way: the request is aborted and nothing is shown', async () => {
    const { hook } = setup();
    act(() => void hook.result.current.start({ collectionId: 7, file: file(), shouldClear: false }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => hook.result.current.reset());
    expect(FakeXhr.last.aborted).toBe(true);
    await waitFor(() => expect(hook.result.current.state).toEqual({ phase: 'idle' }));
  });
});
