import { Button, Text } from '@chakra-ui/react';
import { PROFILE_RESUME_TEXTS as TEXTS } from '@reachly/shared/constants';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { toastSuccess } from '../../../components/toaster.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { ConfirmDialog } from '../../collections/components/confirm-dialog.tsx';
import { useResumeProfile } from '../hooks/use-resume-profile.ts';

/**
 * "Resume now" on a paused profile: asks first (a restriction is the network's warning, and a
 * profile restricted again is paused for longer), then lifts the pause; the states are fetched again.
 */
export function ResumeProfileButton({
  profile,
}: {
  profile: { profileId: number; name: string; pausedUntil: string };
}) {
  const [open, setOpen] = useState(false);
  const resume = useResumeProfile();
  const close = () => {
    setOpen(false);
    resume.reset();
  };
  return (
    <>
      <Button
        size="xs"
        variant="outline"
        colorPalette="orange"
        alignSelf="start"
        aria-label={TEXTS.buttonLabel(profile.name)}
        onClick={() => setOpen(true)}
      >
        <Play aria-hidden /> {TEXTS.button}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={close}
        title={TEXTS.title(profile.name)}
        confirmLabel={TEXTS.confirm}
        cancelLabel={TEXTS.cancel}
        pending={resume.isPending}
        error={resume.error}
        testId="resume-profile-dialog"
        onConfirm={() =>
          resume.mutate(profile.profileId, {
            onSuccess: () => {
              toastSuccess(TEXTS.done(profile.name));
              close();
            },
          })
        }
      >
        <Text>{TEXTS.warning(profile.name, formatDateTime(profile.pausedUntil))}</Text>
        <Text>{TEXTS.advice}</Text>
      </ConfirmDialog>
    </>
  );
}
