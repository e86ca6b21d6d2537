import { Dialog, Portal } from '@chakra-ui/react';
import type { Profile } from '@reachly/shared/schemas';
import { ProfileForm } from './profile-form.tsx';

/** What the form dialog is open for: a new profile, or one to edit. */
export type ProfileFormTarget = { kind: 'create' } | { kind: 'edit'; profile: Profile };

/** The create / edit dialog; a fresh form (the dialog's content) each time it opens. */
export function ProfileFormDialog({
  target,
  onClose,
}: {
  target: ProfileFormTarget | null;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {target && (
            <ProfileForm
              key={target.kind === 'edit' ? target.profile.id : 'new'}
              profile={target.kind === 'edit' ? target.profile : null}
              onDone={onClose}
            />
          )}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
