import { type DownloadItem, type Platform, TEXTS } from '@reachly/shared/constants';
import { contract } from '@reachly/shared/contract';
import { useCallback, useRef, useState } from 'react';
import { toaster } from '../../../components/toaster.tsx';
import { urlOf } from '../../../lib/api.ts';
import { fetchWithProgress } from '../utils/fetch-with-progress.ts';
import { saveBlob } from '../utils/save-blob.ts';

/** The download button's states (spec §4): idle, then in progress with a percentage, then idle. */
export type AppDownloadState =
  | { status: 'idle' }
  | { status: 'downloading'; os: Platform; percent: number | null };

export interface AppDownloadOptions {
  /** Called when a download starts (the outdated-app dialog then shows its follow-up). */
  onStart?: (item: DownloadItem) => void;
  /** Called once the download ended, saved (true) or failed (false). */
  onFinish?: (item: DownloadItem, ok: boolean) => void;
}

export interface AppDownload {
  state: AppDownloadState;
  /** Downloads the item; resolves true once saved. A second call while one runs is ignored (false). */
  start: (item: DownloadItem) => Promise<boolean>;
}

/** GET /api/downloadApp?os[&format=msi]: the package of an item (only Windows names its format). */
const downloadUrl = (item: DownloadItem): string =>
  urlOf(contract.public.downloadApp, {
    query: { os: item.os, format: item.os === 'windows' ? item.format : undefined },
  });

/**
 * Downloads the desktop app (spec §7 Download): GET /api/downloadApp through a stream reader with
 * the percentage from Content-Length, saved as `reachly-<os>.<ext>`, then the success or failure
 * toast at top centre (spec §8; the page's toaster is placed at the top).
 */
export function useAppDownload(options: AppDownloadOptions = {}): AppDownload {
  const [state, setState] = useState<AppDownloadState>({ status: 'idle' });
  const running = useRef(false);
  const latestOptions = useRef(options);
  latestOptions.current = options;

  const start = useCallback(async (item: DownloadItem) => {
    if (running.current) return false;
    running.current = true;
    setState({ status: 'downloading', os: item.os, percent: null });
    latestOptions.current.onStart?.(item);
    let ok = false;
    try {
      const blob = await fetchWithProgress(downloadUrl(item), (percent) =>
        setState((current) =>
          current.status === 'downloading' && current.percent === percent
            ? current
            : { status: 'downloading', os: item.os, percent },
        ),
      );
      saveBlob(blob, item.fileName);
      ok = true;
      toaster.create({ type: 'success', title: TEXTS.downloadSuccess, closable: true });
    } catch (error) {
      toaster.create({
        type: 'error',
        title: TEXTS.downloadFailure,
        description: error instanceof Error ? error.message : undefined,
        closable: true,
      });
    } finally {
      running.current = false;
      setState({ status: 'idle' });
    }
    latestOptions.current.onFinish?.(item, ok);
    return ok;
  }, []);

  return { state, start };
}
