import { Button, Stack, Text, Wrap } from '@chakra-ui/react';
import { DOWNLOAD_ITEMS, type Platform, TEXTS } from '@reachly/shared/constants';
import { platformLabel } from '@reachly/shared/logic';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useId, useState } from 'react';
import { LoadingState } from '../../components/loading-state.tsx';
import { DownloadButton } from './components/download-button.tsx';
import { NeedsComputerNotice, NoInstallersNotice } from './components/no-installers.tsx';
import { type AppDownload, useAppDownload } from './hooks/use-app-download.ts';
import { usePublishedDownloads } from './hooks/use-published-downloads.ts';
import { mainPlatforms, remainingPlatforms } from './utils/download-platforms.ts';
import { isHandheld } from './utils/handheld.ts';

export interface DownloadSectionProps {
  /** The guessed platform (useDetectedPlatform). */
  platform: Platform;
  /** Open the other platforms at first (the page's ?isAllPlatformsShown). */
  initiallyShowOthers?: boolean;
  /** A download owned by the caller (the outdated-app dialog follows it); else the section's own. */
  download?: AppDownload;
}

/**
 * The reusable download block (spec §2): the guess sentence, the matching button(s), and the
 * "Show for other platforms" / "Hide other platforms" toggle with the remaining platforms.
 */
export function DownloadSection({ platform, initiallyShowOthers = false, download }: DownloadSectionProps) {
  const own = useAppDownload();
  const active = download ?? own;
  const [showOthers, setShowOthers] = useState(initiallyShowOthers);
  const othersId = useId();
  const published = usePublishedDownloads();
  // Only installers the server has: a button must not lead to a 404 (issue 19). Nothing is offered
  // until the server has answered; if it cannot answer, every platform is (the download says why it fails).
  const isOffered = (p: Platform) => !published.data || published.data.available.includes(p);
  const main = mainPlatforms(platform).filter(isOffered);
  const others = remainingPlatforms(platform).filter(isOffered);

  if (isHandheld()) {
    return (
      <Stack gap="4" align="stretch" data-testid="download-section">
        <NeedsComputerNotice />
      </Stack>
    );
  }
  if (published.isPending) {
    return (
      <Stack gap="4" align="stretch" data-testid="download-section">
        <LoadingState label="Checking which installers are published…" />
      </Stack>
    );
  }
  if (published.data?.available.length === 0) {
    return (
      <Stack gap="4" align="stretch" data-testid="download-section">
        <NoInstallersNotice />
      </Stack>
    );
  }
  return (
    <Stack gap="4" align="flex-start" data-testid="download-section">
      <Text>{TEXTS.platformGuess(platformLabel(platform))}</Text>
      <Wrap gap="3">
        {main.map((p, i) => (
          <DownloadButton key={p} item={DOWNLOAD_ITEMS[p]} download={active} primary={i === 0} />
        ))}
      </Wrap>
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={showOthers}
        aria-controls={othersId}
        onClick={() => setShowOthers((open) => !open)}
      >
        {showOthers ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
        {showOthers ? TEXTS.hideOtherPlatforms : TEXTS.showOtherPlatforms}
      </Button>
      <Wrap gap="3" id={othersId} hidden={!showOthers && main.length > 0} data-testid="other-platforms">
        {others.map((p) => (
          <DownloadButton key={p} item={DOWNLOAD_ITEMS[p]} download={active} primary={false} />
        ))}
      </Wrap>
    </Stack>
  );
}
