import { Button, Field, Flex, Input } from '@chakra-ui/react';
import {
  DO_NOT_CONTACT_KIND_LABELS,
  DO_NOT_CONTACT_KINDS,
  type DoNotContactKind,
} from '@reachly/shared/logic';
import { type FormEvent, useState } from 'react';
import { OptionSelect } from '../../../components/option-select.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { useAddEntry } from '../do-not-contact-queries.ts';

const PLACEHOLDERS: Record<DoNotContactKind, string> = {
  profileUrl: 'https://facebook.com/jane.doe',
  networkId: '100004123456789',
  name: 'Jane Doe',
  company: 'Acme Inc',
  keyword: 'recruiter',
};

/** Adds one entry: its kind, its value and an optional note; a value the server refuses shows under the field. */
export function AddEntryForm() {
  const add = useAddEntry();
  const [kind, setKind] = useState<DoNotContactKind>('company');
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    add.mutate(
      { kind, value, note },
      {
        onSuccess: ({ entry, alreadyListed, skippedTasks }) => {
          setValue('');
          setNote('');
          toaster.create({
            type: alreadyListed ? 'info' : 'success',
            title: alreadyListed ? `"${entry.value}" is already on the list` : `Added "${entry.value}"`,
            description:
              skippedTasks > 0
                ? `${skippedTasks} planned task(s) of matching leads will not go out.`
                : undefined,
            closable: true,
          });
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} aria-label="Add to the do-not-contact list" data-testid="dnc-add-form">
      <Flex gap="3" wrap="wrap" align="end">
        <Field.Root width={{ base: 'full', md: '40' }}>
          <Field.Label>Kind</Field.Label>
          <OptionSelect
            size="sm"
            options={DO_NOT_CONTACT_KINDS.map((k) => ({ value: k, label: DO_NOT_CONTACT_KIND_LABELS[k] }))}
            fieldProps={{
              'data-testid': 'dnc-kind',
              value: kind,
              onChange: (e) => setKind(e.currentTarget.value as DoNotContactKind),
            }}
          />
        </Field.Root>
        <Field.Root invalid={error !== null} flex="2" minW={{ base: 'full', md: '64' }} required>
          <Field.Label>Value</Field.Label>
          <Input
            size="sm"
            data-testid="dnc-value"
            value={value}
            placeholder={PLACEHOLDERS[kind]}
            onChange={(e) => setValue(e.currentTarget.value)}
          />
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
        <Field.Root flex="1" minW={{ base: 'full', md: '48' }}>
          <Field.Label>Note</Field.Label>
          <Input
            size="sm"
            data-testid="dnc-note"
            value={note}
            placeholder="Why (optional)"
            onChange={(e) => setNote(e.currentTarget.value)}
          />
        </Field.Root>
        <Button
          type="submit"
          size="sm"
          loading={add.isPending}
          disabled={value.trim() === ''}
          data-testid="dnc-add"
        >
          Add
        </Button>
      </Flex>
    </form>
  );
}
