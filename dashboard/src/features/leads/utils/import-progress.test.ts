import type { ImportLeadsResponse } from '@reachly/shared/schemas';
import { describe, expect, it } from 'vitest';
import { IDLE_IMPORT, type ImportAction, type ImportState, importReducer } from './import-progress.ts';

const run = (...actions: ImportAction[]): ImportState => actions.reduce(importReducer, IDLE_IMPORT);
const push = (importId: string, processedRows: number, imported = processedRows) =>
  ({
    type: 'server',
    progress: { importId, collectionId: 1, processedRows, imported, duplicates: 0, invalid: 0 },
  }) as const;
const result: ImportLeadsResponse = {
  importId: 'a',
  imported: 3,
  duplicates: 1,
  invalid: [],
  invalidCount: 0,
};

describe('importReducer', () => {
  it('goes from the upload percentage to the server progress to the result', () => {
    expect(run({ type: 'start', importId: 'a' })).toEqual({
      phase: 'running',
      importId: 'a',
      uploadPercent: 0,
      server: null,
    });
    const running = run(
      { type: 'start', importId: 'a' },
      { type: 'upload', importId: 'a', percent: 40 },
      push('a', 5000),
    );
    expect(running).toMatchObject({ uploadPercent: 40, server: { processedRows: 5000, imported: 5000 } });
    expect(importReducer(running, { type: 'done', importId: 'a', result })).toEqual({
      phase: 'done',
      importId: 'a',
      result,
    });
  });

  it('ignores pushes of another import, and anything after this one ended', () => {
    const state = run({ type: 'start', importId: 'a' }, push('b', 10));
    expect(state).toMatchObject({ server: null });
    const done = run({ type: 'start', importId: 'a' }, { type: 'done', importId: 'a', result });
    expect(importReducer(done, push('a', 10))).toBe(done);
    expect(importReducer(done, { type: 'upload', importId: 'a', percent: 50 })).toBe(done);
  });

  it('never goes back: a late percentage or an older push changes nothing', () => {
    const state = run(
      { type: 'start', importId: 'a' },
      { type: 'upload', importId: 'a', percent: 80 },
      { type: 'upload', importId: 'a', percent: 60 },
      push('a', 10_000),
      push('a', 5000),
    );
    expect(state).toMatchObject({ uploadPercent: 80, server: { processedRows: 10_000 } });
  });

  it('keeps the error of a failed import, and a new start forgets it', () => {
    const error = new Error('The file is not a CSV file of leads');
    const failed = run({ type: 'start', importId: 'a' }, { type: 'failed', importId: 'a', error });
    expect(failed).toEqual({ phase: 'failed', importId: 'a', error });
    expect(importReducer(failed, { type: 'start', importId: 'b' })).toMatchObject({
      phase: 'running',
      importId: 'b',
    });
    expect(importReducer(failed, { type: 'reset' })).toEqual(IDLE_IMPORT);
  });

  it('ignores the end of an import that was replaced', () => {
    const state = run({ type: 'start', importId: 'a' }, { type: 'start', importId: 'b' });
    expect(importReducer(state, { type: 'done', importId: 'a', result })).toBe(state);
    expect(importReducer(state, { type: 'failed', importId: 'a', error: new Error('x') })).toBe(state);
  });
});
