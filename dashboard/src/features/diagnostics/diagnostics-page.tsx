import { Badge, Card, Heading, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { contract } from '@reachly/shared/contract';
import type { DiagnosticGroup } from '@reachly/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { EmptyListState, ErrorState, LoadingState } from '../../components/list-state.tsx';
import { call } from '../../lib/api.ts';

/** GET /api/diagnostics, refreshed every half minute: a change on the network shows within minutes. */
const diagnosticsQuery = queryOptions({
  queryKey: ['diagnostics'] as const,
  queryFn: ({ signal }) => call(contract.locators.diagnostics, {}, { signal }),
  refetchInterval: 30_000,
});

function DiagnosticCard({ group }: { group: DiagnosticGroup }) {
  return (
    <Card.Root data-testid="diagnostic-row" data-locator={group.locator}>
      <Card.Body gap="2">
        <HStack justify="space-between" align="start" gap="3" wrap="wrap">
          <Stack gap="0">
            <Text fontWeight="semibold" fontFamily="mono" wordBreak="break-all">
              {group.locator}
            </Text>
            <Text color="fg.muted" fontSize="sm" wordBreak="break-all">
              {group.urlPattern} · {group.lang} · table v{group.tableVersion}
            </Text>
          </Stack>
          <Stack gap="0" align="end">
            <Text fontWeight="semibold" data-testid="diagnostic-count">
              {group.count} {group.count === 1 ? 'report' : 'reports'}
            </Text>
            <Text color="fg.muted" fontSize="sm">
              {group.profiles} {group.profiles === 1 ? 'profile' : 'profiles'} · last{' '}
              {new Date(group.lastSeen).toLocaleString()}
            </Text>
          </Stack>
        </HStack>
        {group.buttons.length > 0 && (
          <Stack gap="1">
            <Text fontSize="sm" color="fg.muted">
              Buttons on the page
            </Text>
            <Wrap gap="1">
              {group.buttons.map((b) => (
                <Badge key={b} variant="outline">
                  {b}
                </Badge>
              ))}
            </Wrap>
          </Stack>
        )}
        {group.dialogs.length > 0 && <Text fontSize="sm">Dialogs: {group.dialogs.join(' · ')}</Text>}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * /diagnostics: where the Facebook adapter's locators found nothing, by locator and count, from
 * the redacted page signatures the profiles' browsers sent (no names, texts or ids of people).
 */
export default function DiagnosticsPage() {
  const query = useQuery(diagnosticsQuery);
  return (
    <Stack gap="4">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          Network diagnostics
        </Heading>
        <Text color="fg.muted">
          Labels the extension could not find on the network's pages. Many reports of one locator mean the
          site changed: publish a fixed locator table (npm run admin -- publish-locators).
        </Text>
      </Stack>
      {query.isPending ? (
        <LoadingState label="Loading diagnostics…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.groups.length === 0 ? (
        <EmptyListState title="No reports" description="Every locator found what it looked for." />
      ) : (
        <Stack gap="3">
          {query.data.groups.map((g) => (
            <DiagnosticCard key={`${g.locator} ${g.urlPattern} ${g.lang}`} group={g} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
