import { Button } from '@chakra-ui/react';
import type { DownloadItem } from '@reachly/shared/constants';
import { Download } from 'lucide-react';
import type { AppDownload } from '../hooks/use-app-download.ts';

/** One platform's button; while its download runs it shows the percentage received (spec §2, §4). */
export function DownloadButton({
  item,
  download,
  primary,
}: {
  item: DownloadItem;
  download: AppDownload;
  primary: boolean;
}) {
  const { state } = download;
  const mine = state.status === 'downloading' && state.os === item.os;
  const busy = state.status === 'downloading';
  let text = item.buttonLabel;
  if (mine) text = state.percent === null ? 'Downloading…' : `Downloading… ${state.percent}%`;
  return (
    <Button
      variant={primary ? 'solid' : 'outline'}
      onClick={() => void download.start(item)}
      disabled={busy && !mine}
      aria-busy={mine}
      data-testid={`download-${item.os}`}
      data-state={mine ? 'downloading' : 'idle'}
    >
      <Download aria-hidden="true" />
      {text}
    </Button>
  );
}
