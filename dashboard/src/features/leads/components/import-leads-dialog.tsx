import { Alert, Button, Checkbox, Code, Dialog, Field, Input, Stack } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { AppDialog } from '../../../components/app-dialog.tsx';
import { useLeadsImport } from '../hooks/use-leads-import.ts';
import { leadsText } from '../utils/count-text.ts';
import { ImportProgressView } from './import-progress-view.tsx';
import { ImportResultView } from './import-result-view.tsx';
import type { LeadsDialogProps } from './leads-dialog-props.ts';

/**
 * POST /api/leads/import: pick a CSV file (and whether to clear the collection first), watch the
 * upload's percentage and the server's progress, then read the result or the error.
 */
export function ImportLeadsDialog({ open, onClose, collection }: LeadsDialogProps) {
  const { state, start, reset } = useLeadsImport();
  const [file, setFile] = useState<File | null>(null);
  const [shouldClear, setShouldClear] = useState(false);
  const running = state.phase === 'running';

  useEffect(() => {
    if (open) {
      reset();
      setFile(null);
      setShouldClear(false);
    }
  }, [open, reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || running) return;
    void start({ collectionId: collection.id, file, shouldClear }).then((result) => {
      // A failed import shows its error over a fresh file input: pick the file again.
      if (!result) setFile(null);
    });
  };

  const again = () => {
    reset();
    setFile(null);
    setShouldClear(false);
  };

  return (
    <AppDialog
      open={open}
      size="lg"
      closeOnInteractOutside={!running}
      closeOnEscape={!running}
      onClose={onClose}
      busy={running}
      closeButton={!running}
      testId="import-leads-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Dialog.Header>
          <Dialog.Title>Import leads into "{collection.name}"</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          {state.phase === 'running' && (
            <ImportProgressView uploadPercent={state.uploadPercent} server={state.server} />
          )}
          {state.phase === 'done' && <ImportResultView result={state.result} />}
          {(state.phase === 'idle' || state.phase === 'failed') && (
            <Stack gap="4">
              <Field.Root required>
                <Field.Label>CSV file</Field.Label>
                <Input
                  type="file"
                  accept=".csv,text/csv,text/plain"
                  py="1.5"
                  data-testid="import-file-input"
                  onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
                />
                <Field.HelperText>
                  A header row names the columns: the profile link (<Code>url</Code>, <Code>profileUrl</Code>,{' '}
                  <Code>link</Code> or <Code>profile</Code>) and optionally <Code>name</Code>,{' '}
                  <Code>firstName</Code>, <Code>lastName</Code>.
                </Field.HelperText>
              </Field.Root>
              <Checkbox.Root
                checked={shouldClear}
                onCheckedChange={(e) => setShouldClear(e.checked === true)}
                data-testid="import-should-clear"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  Clear the collection first
                  {collection.profiles > 0 && ` (its ${leadsText(collection.profiles)} are removed)`}
                </Checkbox.Label>
              </Checkbox.Root>
              {state.phase === 'failed' && (
                <Alert.Root status="error" data-testid="dialog-error">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>The import failed; no lead was imported</Alert.Title>
                    <Alert.Description>{state.error.message}</Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              )}
            </Stack>
          )}
        </Dialog.Body>
        <Dialog.Footer>
          {running && (
            <Button variant="outline" onClick={again}>
              Cancel import
            </Button>
          )}
          {state.phase === 'done' && (
            <>
              <Button variant="outline" onClick={again}>
                Import another file
              </Button>
              <Button onClick={onClose}>Done</Button>
            </>
          )}
          {(state.phase === 'idle' || state.phase === 'failed') && (
            <>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={!file}>
                Import
              </Button>
            </>
          )}
        </Dialog.Footer>
      </form>
    </AppDialog>
  );
}
