import { Badge, Button, Stack, Table, Text } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { DataTable } from '../../../../components/data-table.tsx';
import { ErrorState, LoadingState } from '../../../../components/list-state.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { campaignLogsQuery } from '../../campaigns-queries.ts';
import { ALARM_LOG_TYPES, LOG_TYPE_LABELS } from '../../utils/labels.ts';

/**
 * The campaign's activity, newest first: the first page from /logs, rows pushed since on top
 * (useCampaignLive), older pages with "Load more" (keyset on the last id shown).
 */
export function CampaignLog({
  campaignId,
  profileNames,
}: {
  campaignId: number;
  profileNames: ReadonlyMap<number, string>;
}) {
  const logs = useInfiniteQuery(campaignLogsQuery(campaignId));
  if (logs.isPending) return <LoadingState label="Loading the log…" />;
  if (logs.isError) return <ErrorState error={logs.error} onRetry={() => void logs.refetch()} />;
  const rows = logs.data.pages.flatMap((p) => p.logs);

  return (
    <Stack gap="3">
      {rows.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          Nothing logged yet: what the profiles do shows here as it happens.
        </Text>
      ) : (
        <DataTable
          aria-label="Activity log"
          header={
            <>
              <Table.ColumnHeader>Time</Table.ColumnHeader>
              <Table.ColumnHeader>Event</Table.ColumnHeader>
              <Table.ColumnHeader>Profile</Table.ColumnHeader>
              <Table.ColumnHeader>Details</Table.ColumnHeader>
            </>
          }
        >
          {rows.map((log) => (
            <Table.Row key={log.id} data-testid="log-row" data-log-id={log.id}>
              <Table.Cell whiteSpace="nowrap">{formatDateTime(log.createdAt)}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={ALARM_LOG_TYPES.has(log.type) ? 'red' : 'gray'}>
                  {LOG_TYPE_LABELS[log.type]}
                </Badge>
              </Table.Cell>
              <Table.Cell>
                {log.profileId === null
                  ? '—'
                  : (profileNames.get(log.profileId) ?? `Profile ${log.profileId}`)}
              </Table.Cell>
              <Table.Cell>{log.message ?? ''}</Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
      )}
      {logs.hasNextPage && (
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          loading={logs.isFetchingNextPage}
          onClick={() => void logs.fetchNextPage()}
        >
          Load more
        </Button>
      )}
    </Stack>
  );
}
