import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface AppDialogProps extends Omit<Dialog.RootProps, 'open' | 'onOpenChange' | 'children'> {
  open: boolean;
  /** Called when the user dismisses the dialog (Escape, outside click, close button); none = it cannot be dismissed. */
  onClose?: () => void;
  /** While true (a request under way) the dialog cannot be dismissed and its close button is disabled. */
  busy?: boolean;
  /** Whether the close button shows in the corner. */
  closeButton?: boolean;
  testId?: string;
  /** The title in the dialog's header; without it, `children` bring their own header (in a form). */
  title?: ReactNode;
  /** The dialog's body and footer, or a form holding header, body and footer. */
  children: ReactNode;
}

/** The frame of every dashboard dialog: backdrop, centred content, optional corner close button. */
export function AppDialog({
  open,
  onClose,
  busy = false,
  closeButton = false,
  testId,
  title,
  children,
  ...rootProps
}: AppDialogProps) {
  return (
    <Dialog.Root
      {...rootProps}
      open={open}
      onOpenChange={(e) => {
        if (!e.open && !busy) onClose?.();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            {title !== undefined && (
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
            )}
            {children}
            {closeButton && (
              <Dialog.CloseTrigger asChild disabled={busy}>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
