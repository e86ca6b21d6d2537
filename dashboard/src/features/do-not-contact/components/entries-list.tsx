import { Badge, Button, Card, Flex, Stack, Text } from '@chakra-ui/react';
import { DO_NOT_CONTACT_KIND_LABELS } from '@reachly/shared/logic';
import type { DoNotContactEntry } from '@reachly/shared/schemas';
import { toastSuccess } from '../../../components/toaster.tsx';
import { useRemoveEntry } from '../do-not-contact-queries.ts';

/** One entry: its kind and value, its note, who added it and when, and its delete button. */
function EntryRow({ entry }: { entry: DoNotContactEntry }) {
  const remove = useRemoveEntry();
  return (
    <Card.Root size="sm" data-testid="dnc-entry" data-kind={entry.kind} data-value={entry.value}>
      <Card.Body>
        <Flex gap="3" align="center" wrap="wrap">
          <Badge variant="subtle" colorPalette="red" flexShrink="0">
            {DO_NOT_CONTACT_KIND_LABELS[entry.kind]}
          </Badge>
          <Stack gap="0" flex="1" minW="48">
            <Text fontWeight="medium" wordBreak="break-all">
              {entry.value}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {entry.note ? `${entry.note} · ` : ''}
              {entry.addedBy ? `added by ${entry.addedBy}` : 'added automatically'} on{' '}
              {new Date(entry.createdAt).toLocaleDateString()}
            </Text>
          </Stack>
          <Button
            size="xs"
            variant="outline"
            loading={remove.isPending}
            aria-label={`Remove ${entry.value} from the list`}
            onClick={() =>
              remove.mutate(entry.id, { onSuccess: () => toastSuccess(`Removed "${entry.value}"`) })
            }
          >
            Remove
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

export function EntriesList({ entries }: { entries: DoNotContactEntry[] }) {
  return (
    <Stack gap="2" data-testid="dnc-entries">
      {entries.map((entry) => (
        <EntryRow key={entry.id} entry={entry} />
      ))}
    </Stack>
  );
}
