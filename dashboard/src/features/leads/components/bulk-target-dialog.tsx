import { Button, Dialog, Field, Stack, Text } from '@chakra-ui/react';
import type { Collection } from '@reachly/shared/schemas';
import { useEffect, useState } from 'react';
import { AppDialog } from '../../../components/app-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { OptionSelect } from '../../../components/option-select.tsx';
import { leadsText } from '../utils/count-text.ts';

export interface BulkTargetDialogProps {
  /** Which action the dialog is for; null = closed. */
  action: 'move' | 'copy' | null;
  count: number;
  /** The collections the leads may go to (not the one they are listed from). */
  targets: Collection[];
  onClose: () => void;
  onConfirm: (targetCollectionId: number) => void;
  pending: boolean;
  error: Error | null;
}

/** Asks which collection the selected leads are moved or copied to. */
export function BulkTargetDialog({
  action,
  count,
  targets,
  onClose,
  onConfirm,
  pending,
  error,
}: BulkTargetDialogProps) {
  const [target, setTarget] = useState('');
  useEffect(() => {
    if (action) setTarget(String(targets[0]?.id ?? ''));
  }, [action, targets]);
  const verb = action === 'copy' ? 'Copy' : 'Move';
  const leads = leadsText(count);
  return (
    <AppDialog
      open={action !== null}
      onClose={onClose}
      busy={pending}
      closeButton
      testId="bulk-target-dialog"
      title={`${verb} ${leads}`}
    >
      <Dialog.Body>
        <Stack gap="3">
          {targets.length === 0 ? (
            <Text>Create another collection first.</Text>
          ) : (
            <Field.Root>
              <Field.Label>To collection</Field.Label>
              <OptionSelect
                options={targets.map((c) => ({ value: c.id, label: c.name }))}
                fieldProps={{
                  value: target,
                  onChange: (e) => setTarget(e.currentTarget.value),
                  'data-testid': 'bulk-target',
                }}
              />
              <Field.HelperText>
                {action === 'copy' ? 'The leads stay here too.' : 'The leads leave this collection.'} A
                profile the collection already holds is skipped.
              </Field.HelperText>
            </Field.Root>
          )}
          <FormError message={error?.message} testId="dialog-error" />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button onClick={() => onConfirm(Number(target))} loading={pending} disabled={target === ''}>
          {verb} {leads}
        </Button>
      </Dialog.Footer>
    </AppDialog>
  );
}
