import { Button, Dialog } from '@chakra-ui/react';
import type { PopupId } from '@reachly/shared/constants';
import type { ReactNode } from 'react';
import { AppDialog } from '../../../components/app-dialog.tsx';
import { usePopup } from '../../../state/popups.ts';

/** One of the popups of spec §2, open while its flag in the popups state is set; Close clears it. */
export function PopupDialog({
  id,
  title,
  children,
  action,
}: {
  id: PopupId;
  title: string;
  children: ReactNode;
  /** The popup's main action, beside Close. */
  action?: ReactNode;
}) {
  const { isOpen, close } = usePopup(id);
  return (
    <AppDialog
      open={isOpen}
      onClose={close}
      placement="center"
      lazyMount
      unmountOnExit
      testId={`popup-${id}`}
      title={title}
    >
      <Dialog.Body>{children}</Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Close</Button>
        </Dialog.ActionTrigger>
        {action}
      </Dialog.Footer>
    </AppDialog>
  );
}
