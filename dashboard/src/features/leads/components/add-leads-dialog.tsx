import { Alert, Button, Dialog, Field, Stack, Textarea } from '@chakra-ui/react';
import { LEADS_BULK_MAX } from '@reachly/shared/schemas';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { AppDialog } from '../../../components/app-dialog.tsx';
import { useAddLeads } from '../hooks/use-add-leads.ts';
import { parseLeadLines } from '../utils/parse-lead-lines.ts';
import type { LeadsDialogProps } from './leads-dialog-props.ts';

/** How many refused lines the form names (the rest are counted). */
const REFUSED_SHOWN = 5;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** POST /api/leads: pasted profile links, one per line; shows how many were added and how many were duplicates. */
export function AddLeadsDialog({ open, onClose, collection }: LeadsDialogProps) {
  const [text, setText] = useState('');
  const add = useAddLeads();
  const { reset } = add;
  const parsed = useMemo(() => parseLeadLines(text), [text]);

  useEffect(() => {
    if (open) {
      setText('');
      reset();
    }
  }, [open, reset]);

  const tooMany = parsed.leads.length > LEADS_BULK_MAX;
  const invalid = parsed.refused.length > 0 || tooMany;
  const canSubmit = parsed.leads.length > 0 && !invalid && !add.isPending;
  let problem: string | null = null;
  if (parsed.refused.length > 0) {
    const named = parsed.refused
      .slice(0, REFUSED_SHOWN)
      .map((r) => `line ${r.line} ("${r.text.slice(0, 60)}")`)
      .join(', ');
    const more = parsed.refused.length - REFUSED_SHOWN;
    problem = `Not a profile link: ${named}${more > 0 ? ` and ${more} more` : ''}.`;
  } else if (tooMany) {
    problem = `Paste at most ${LEADS_BULK_MAX} links at a time.`;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    add.mutate({ collectionId: collection.id, leads: parsed.leads }, { onSuccess: () => setText('') });
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
            <Field.Root invalid={invalid}>
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
              {problem ? (
                <Field.ErrorText>{problem}</Field.ErrorText>
              ) : (
                <Field.HelperText>
                  One profile link per line, optionally followed by a comma and the person's name.
                  {parsed.leads.length > 0 && ` ${plural(parsed.leads.length, 'link', 'links')} ready.`}
                </Field.HelperText>
              )}
            </Field.Root>
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
