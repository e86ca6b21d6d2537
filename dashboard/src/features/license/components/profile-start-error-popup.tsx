import { Button, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { ROUTES } from '../../../route-paths.ts';
import { usePopup } from '../../../state/popups.ts';
import { useProfileStartError } from '../state/profile-start-error.ts';
import { PopupDialog } from './popup-dialog.tsx';

/** PROFILE_START_ERROR_POPUP: a profile could not start, and why. */
export function ProfileStartErrorPopup() {
  const reason = useProfileStartError();
  const { close } = usePopup('PROFILE_START_ERROR_POPUP');
  return (
    <PopupDialog
      id="PROFILE_START_ERROR_POPUP"
      title="A profile could not start"
      action={
        <Button asChild onClick={close}>
          <RouterLink to={ROUTES.profiles}>Open profiles</RouterLink>
        </Button>
      }
    >
      <Stack gap="3">
        <Text fontWeight="medium" data-testid="profile-start-error-reason">
          {reason ?? 'The desktop app gave no reason.'}
        </Text>
        <Text>Check the profile's login status and proxy on the Profiles page, then start it again.</Text>
      </Stack>
    </PopupDialog>
  );
}
