import { Button, Dialog, Text } from '@chakra-ui/react';
import type { Profile } from '@reachly/shared/schemas';
import { AppDialog } from '../../../components/app-dialog.tsx';
import { toastSuccess } from '../../../components/toaster.tsx';
import { useDeleteProfile } from '../profiles-queries.ts';

/** Asks before DELETE /api/profiles?id; a failure is toasted with the server's message. */
export function DeleteProfileDialog({ profile, onClose }: { profile: Profile | null; onClose: () => void }) {
  const remove = useDeleteProfile();
  return (
    <AppDialog
      role="alertdialog"
      open={profile !== null}
      onClose={onClose}
      placement="center"
      lazyMount
      unmountOnExit
      testId="delete-profile-dialog"
      title="Delete profile?"
    >
      <Dialog.Body>
        <Text>“{profile?.name}” and its proxy settings will be deleted. This cannot be undone.</Text>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.ActionTrigger>
        <Button
          colorPalette="red"
          loading={remove.isPending}
          onClick={() => {
            if (!profile) return;
            remove.mutate(profile.id, {
              onSuccess: () => {
                toastSuccess('Profile deleted', profile.name);
                onClose();
              },
            });
          }}
        >
          Delete
        </Button>
      </Dialog.Footer>
    </AppDialog>
  );
}
