import { Dialog, Stack, Text } from '@chakra-ui/react';
import { BRAND } from '@reachly/shared/constants';
import { useEffect, useState } from 'react';
import { AppDialog } from '../../components/app-dialog.tsx';
import { onShowUpdateAlert } from '../../shell/bridge-notices.ts';
import { onLocalHost } from '../../shell/environment.ts';
import { DownloadSection } from '../download/download-section.tsx';
import { useAppDownload } from '../download/hooks/use-app-download.ts';
import { useDetectedPlatform } from '../download/hooks/use-detected-platform.ts';
import { UpdateStartedDialog } from './components/update-started-dialog.tsx';
import { useDesktopVersion } from './hooks/use-desktop-version.ts';

/** hidden → offer (blocking) → started (follow-up) → hidden; a failed download goes back to offer. */
type Phase = 'hidden' | 'offer' | 'started';

/**
 * The outdated desktop app dialog (spec §2): blocking (no close on outside click or Escape, no close
 * button) while the desktop app reported over the bridge is older than the offered version, or
 * when the desktop fires reachly-show-update-alert. Never on a local host. Once the download
 * starts, a follow-up dialog says to save, close the app and install; its Close button dismisses
 * both for this page (a reload checks again).
 */
export function OutdatedDesktopDialog() {
  const { machine, offered, isOutdated } = useDesktopVersion();
  const [phase, setPhase] = useState<Phase>('hidden');
  const [dismissed, setDismissed] = useState(false);
  const [alertVersion, setAlertVersion] = useState<string | null>(null);
  const platform = useDetectedPlatform();
  const download = useAppDownload({
    onStart: () => setPhase('started'),
    onFinish: (_item, ok) => {
      if (!ok) setPhase((p) => (p === 'started' ? 'offer' : p));
    },
  });

  useEffect(() => {
    if (isOutdated && !dismissed) setPhase((p) => (p === 'hidden' ? 'offer' : p));
  }, [isOutdated, dismissed]);

  useEffect(
    () =>
      onShowUpdateAlert((offeredVersion) => {
        if (onLocalHost()) return;
        setAlertVersion(offeredVersion);
        setDismissed(false);
        setPhase((p) => (p === 'started' ? p : 'offer'));
      }),
    [],
  );

  const latest = alertVersion ?? offered;
  const installed = machine?.reachlyVersion ?? null;
  return (
    <>
      <AppDialog
        open={phase === 'offer'}
        role="alertdialog"
        closeOnEscape={false}
        closeOnInteractOutside={false}
        placement="center"
        size="lg"
        testId="outdated-desktop-dialog"
        title={<>A new version of {BRAND} is available</>}
      >
        <Dialog.Body>
          <Stack gap="4">
            <Text>
              {installed && latest
                ? `Your desktop app is version ${installed}; version ${latest} is out.`
                : 'Your desktop app is out of date.'}{' '}
              Download the latest version to keep working.
            </Text>
            <DownloadSection platform={platform} download={download} />
          </Stack>
        </Dialog.Body>
      </AppDialog>
      <UpdateStartedDialog
        open={phase === 'started'}
        download={download.state}
        onClose={() => {
          setDismissed(true);
          setPhase('hidden');
        }}
      />
    </>
  );
}
