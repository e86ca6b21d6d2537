import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
import { BRAND } from '@reachly/shared/constants';
import { AppDialog } from '../../../components/app-dialog.tsx';
import type { AppDownloadState } from '../../download/hooks/use-app-download.ts';

/** The follow-up once the download started (spec §2): save, close the desktop app, install; a Close button. */
export function UpdateStartedDialog({
  open,
  download,
  onClose,
}: {
  open: boolean;
  download: AppDownloadState;
  onClose: () => void;
}) {
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      closeOnInteractOutside={false}
      placement="center"
      testId="update-started-dialog"
      title="Install the new version"
    >
      <Dialog.Body>
        <Stack gap="3">
          <Text>Save the new version, close the {BRAND} desktop app and install the downloaded version.</Text>
          {download.status === 'downloading' && (
            <Text color="fg.muted" role="status">
              {download.percent === null ? 'Downloading…' : `Downloading… ${download.percent}%`}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button onClick={onClose}>Close</Button>
      </Dialog.Footer>
    </AppDialog>
  );
}
