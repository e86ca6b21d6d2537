import { Dialog, Portal } from '@chakra-ui/react';
import type { Profile } from '@reachly/shared/schemas';
import { ImportCookiesForm } from './import-cookies-form.tsx';

/** The "Import cookies" dialog of one profile; a fresh form (the dialog's content) each time it opens. */
export function ImportCookiesDialog({ profile, onClose }: { profile: Profile | null; onClose: () => void }) {
  return (
    <Dialog.Root
      open={profile !== null}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      placement="center"
      size="lg"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {profile && <ImportCookiesForm key={profile.id} profile={profile} onDone={onClose} />}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
