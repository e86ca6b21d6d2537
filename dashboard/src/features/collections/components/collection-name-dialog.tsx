import { Button, Dialog, Field, Input, Stack } from '@chakra-ui/react';
import { COLLECTION_NAME_MAX_LENGTH } from '@reachly/shared/schemas';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { AppDialog } from '../../../components/app-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';

export interface CollectionNameDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  initialName?: string;
  /** Saves the name; a rejection (such as the server's 409 for a name in use) is shown in the form. */
  onSubmit: (name: string) => Promise<unknown>;
  testId?: string;
}

interface NameForm {
  name: string;
}

/** The name form of "New collection" and "Rename". */
export function CollectionNameDialog({
  open,
  onClose,
  title,
  submitLabel,
  initialName = '',
  onSubmit,
  testId,
}: CollectionNameDialogProps) {
  const { register, handleSubmit, formState, reset, setError, clearErrors } = useForm<NameForm>({
    defaultValues: { name: initialName },
  });

  useEffect(() => {
    if (open) reset({ name: initialName });
  }, [open, initialName, reset]);

  const submit = handleSubmit(async ({ name }) => {
    clearErrors('root');
    try {
      await onSubmit(name.trim());
    } catch (error) {
      setError('root', { message: (error as Error).message });
    }
  });

  return (
    <AppDialog open={open} onClose={onClose} busy={formState.isSubmitting} closeButton testId={testId}>
      <form onSubmit={submit} noValidate>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <Field.Root required invalid={!!formState.errors.name}>
              <Field.Label>Collection name</Field.Label>
              <Input
                autoComplete="off"
                data-testid="collection-name-input"
                {...register('name', {
                  validate: (v) => v.trim() !== '' || 'Enter a name',
                  maxLength: {
                    value: COLLECTION_NAME_MAX_LENGTH,
                    message: `At most ${COLLECTION_NAME_MAX_LENGTH} characters`,
                  },
                })}
              />
              <Field.ErrorText>{formState.errors.name?.message}</Field.ErrorText>
            </Field.Root>
            <FormError message={formState.errors.root?.message} testId="dialog-error" />
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Dialog.Footer>
      </form>
    </AppDialog>
  );
}
