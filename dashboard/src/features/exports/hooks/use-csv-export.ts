import { useCallback, useEffect, useRef, useState } from 'react';
import { toaster } from '../../../components/toaster.tsx';
import { readChunks } from '../../download/utils/fetch-with-progress.ts';
import { saveBlob } from '../../download/utils/save-blob.ts';
import { attachmentFileName, csvProgressCounter } from '../utils/csv-progress.ts';

/** The response header naming how many data rows the file holds, when the server knows it beforehand. */
const EXPORT_ROWS_HEADER = 'x-export-rows';

/** An export's states: idle, running (rows and bytes received so far), then finished or failed. */
export type CsvExportState =
  | { status: 'idle' }
  | { status: 'running'; rows: number; bytes: number; totalRows: number | null }
  | { status: 'done'; rows: number; bytes: number; fileName: string }
  | { status: 'failed'; message: string };

interface CsvExport {
  state: CsvExportState;
  /** Runs the export and saves the file; a second call while one runs is ignored. */
  start: () => Promise<void>;
}

function totalRowsOf(res: Response): number | null {
  const value = res.headers.get(EXPORT_ROWS_HEADER);
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * A CSV export (issue 20): the call answers the streamed file, read as the app's download reads
 * its file (a stream reader, progress as it arrives: rows and bytes, and the share of the rows when
 * the server told their number), then saved under the server's file name. A toast says how it
 * ended; leaving the page cancels a running export, which stops the server's reading too.
 */
export function useCsvExport(
  request: (signal: AbortSignal) => Promise<Response>,
  fallbackName: string,
): CsvExport {
  const [state, setState] = useState<CsvExportState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);
  const latest = useRef({ request, fallbackName });
  latest.current = { request, fallbackName };
  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(async () => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'running', rows: 0, bytes: 0, totalRows: null });
    try {
      const res = await latest.current.request(controller.signal);
      const totalRows = totalRowsOf(res);
      const counter = csvProgressCounter();
      let progress = { rows: 0, bytes: 0 };
      const chunks = await readChunks(res, (chunk) => {
        progress = counter.add(chunk);
        setState({ status: 'running', ...progress, totalRows });
      });
      const fileName = attachmentFileName(
        res.headers.get('content-disposition'),
        latest.current.fallbackName,
      );
      saveBlob(new Blob(chunks, { type: 'text/csv;charset=utf-8' }), fileName);
      setState({ status: 'done', ...progress, fileName });
      toaster.create({ type: 'success', title: `Exported ${fileName}`, closable: true });
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = error instanceof Error ? error.message : 'The export failed';
      setState({ status: 'failed', message });
      toaster.create({ type: 'error', title: 'The export failed', description: message, closable: true });
    } finally {
      running.current = null;
    }
  }, []);

  return { state, start };
}
