import { Alert, Button, Dialog, Field, Stack, Textarea } from '@chakra-ui/react';
import { LEADS_BULK_MAX } from '@reachly/shared/schemas';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { AppDialog } from '../../../components/app-dialog.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useAddLeads } from '../hooks/use-add-leads.ts';
import { countText as plural } from '../utils/count-text.ts';
import { parseLeadLines, type RefusedLine } from '../utils/parse-lead-lines.ts';
import type { LeadsDialogProps } from './leads-dialog-props.ts';
import { RefusedLinesList } from './refused-lines-list.tsx';

/** How many refused lines the dialog lists (the rest are counted). */
const REFUSED_SHOWN = 20;

/**
 * POST /api/leads: pasted profile links, one per line. The good lines are added; the bad ones are
 * listed with their line number and reason and left out, never blocking the rest. Shows how many
 * were added and how many were duplicates.
 */
export function AddLeadsDialog({ open, onClose, collection }: LeadsDialogProps) {
  const [text, setText] = useState('');
  const add = useAddLeads();
  const { reset } = add;
  const parsed = useMemo(() => parseLeadLines(text), [text]);
  // The lines refused in the text that was sent, still listed after the text is cleared.
  const [skipped, setSkipped] = useState<RefusedLine[]>([]);

  useEffect(() => {
    if (open) {
      setText('');
      setSkipped([]);
      reset();
    }
  }, [open, reset]);

  const tooMany = parsed.leads.length > LEADS_BULK_MAX;
  const canSubmit = parsed.leads.length > 0 && !tooMany && !add.isPending;
  const refused = text === '' ? skipped : parsed.refused;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    const sent = parsed.refused;
    add.mutate(
      { collectionId: collection.id, leads: parsed.leads },
      {
        onSuccess: () => {
          setSkipped(sent);
          setText('');
        },
      },
    );
  };

  return (
    <AppDialog
      open={open}
      size="lg"
      onClose={onClose}
      busy={add.isPending}
      closeButton
      testId="add-leads-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Dialog.Header>
          <Dialog.Title>Add leads to "{collection.name}"</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <Field.Root invalid={tooMany}>
              <Field.Label>Profile links</Field.Label>
              <Textarea
                rows={8}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                placeholder={
                  'https://facebook.com/ann.example\nhttps://facebook.com/bob.example, Bob Example'
                }
                fontFamily="mono"
                fontSize="sm"
                data-testid="add-leads-input"
              />
              {tooMany ? (
                <Field.ErrorText>
                  Paste at most {formatCount(LEADS_BULK_MAX)} links at a time.
                </Field.ErrorText>
              ) : (
                <Field.HelperText>
                  One profile link per line, optionally followed by a comma and the person's name.
                  {parsed.leads.length > 0 && ` ${plural(parsed.leads.length, 'link', 'links')} ready.`}
                </Field.HelperText>
              )}
            </Field.Root>
            <RefusedLinesList refused={refused} shown={REFUSED_SHOWN} added={text === ''} />
            {add.isSuccess && (
              <Alert.Root status="success" data-testid="add-leads-result">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{plural(add.data.created, 'lead added', 'leads added')}</Alert.Title>
                  <Alert.Description>
                    {plural(add.data.duplicates, 'duplicate', 'duplicates')} already in the collection or
                    repeated, not added again.
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            {add.isError && (
              <Alert.Root status="error" data-testid="dialog-error">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>The leads were not added</Alert.Title>
                  <Alert.Description>{add.error.message}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose} disabled={add.isPending}>
            {add.isSuccess ? 'Done' : 'Cancel'}
          </Button>
          <Button type="submit" loading={add.isPending} loadingText="Adding…" disabled={!canSubmit}>
            Add {parsed.leads.length > 0 ? plural(parsed.leads.length, 'lead', 'leads') : 'leads'}
          </Button>
        </Dialog.Footer>
      </form>
    </AppDialog>
  );
}
