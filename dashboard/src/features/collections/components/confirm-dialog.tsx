import { Button, Dialog, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AppDialog } from '../../../components/app-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The label of the button that closes the dialog without doing it. */
  cancelLabel?: string;
  onConfirm: () => void;
  pending: boolean;
  /** The server's refusal, shown in the dialog (spec §8: these errors reach the user). */
  error: Error | null;
  testId?: string;
}

/** Asks before something that cannot be undone; stays open showing the error when it fails. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  pending,
  error,
  testId,
}: ConfirmDialogProps) {
  return (
    <AppDialog
      role="alertdialog"
      open={open}
      onClose={onClose}
      busy={pending}
      closeButton
      testId={testId}
      title={title}
    >
      <Dialog.Body>
        <Stack gap="3">
          {children}
          <FormError message={error?.message} testId="dialog-error" />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button colorPalette="red" onClick={onConfirm} loading={pending}>
          {confirmLabel}
        </Button>
      </Dialog.Footer>
    </AppDialog>
  );
}
