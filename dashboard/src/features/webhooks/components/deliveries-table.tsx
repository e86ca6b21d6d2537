import { Badge, Button, Table, Text } from '@chakra-ui/react';
import type { WebhookDelivery } from '@reachly/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from '../../../components/data-table.tsx';
import { ErrorState, LoadingState } from '../../../components/list-state.tsx';
import { toastSuccess } from '../../../components/toaster.tsx';
import { deliveriesQuery, useRedeliver } from '../webhooks-queries.ts';

const STATUS_COLOURS: Record<WebhookDelivery['status'], string> = {
  pending: 'orange',
  delivered: 'green',
  failed: 'red',
};

/** The answer of the last attempt: its HTTP status, or why none came. */
function answerOf(d: WebhookDelivery): string {
  if (d.responseStatus !== null) return String(d.responseStatus);
  if (d.error) return d.error;
  return d.attempts === 0 ? 'Not sent yet' : '—';
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const redeliver = useRedeliver();
  const snippet = delivery.responseSnippet ?? '';
  return (
    <Table.Row data-testid="webhook-delivery-row" data-status={delivery.status}>
      <Table.Cell fontFamily="mono" fontSize="xs">
        {delivery.eventType}
        <Text color="fg.muted" title="The webhook-id header: the same on every retry and redelivery">
          {delivery.eventId}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Badge colorPalette={STATUS_COLOURS[delivery.status]}>{delivery.status}</Badge>
      </Table.Cell>
      <Table.Cell data-testid="webhook-delivery-answer" maxW="48" truncate title={answerOf(delivery)}>
        {answerOf(delivery)}
      </Table.Cell>
      <Table.Cell textAlign="end">{delivery.attempts}</Table.Cell>
      <Table.Cell textAlign="end">
        {delivery.latencyMs === null ? '—' : `${delivery.latencyMs} ms`}
      </Table.Cell>
      <Table.Cell maxW="64">
        <Text truncate fontFamily="mono" fontSize="xs" title={snippet}>
          {snippet || '—'}
        </Text>
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        {new Date(delivery.lastAttemptAt ?? delivery.createdAt).toLocaleString()}
        {delivery.nextAttemptAt && delivery.attempts > 0 && (
          <Text fontSize="xs" color="fg.muted">
            retry {new Date(delivery.nextAttemptAt).toLocaleTimeString()}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <Button
          size="xs"
          variant="outline"
          loading={redeliver.isPending}
          onClick={() =>
            redeliver.mutate(delivery.id, {
              onSuccess: () => toastSuccess('Queued again', `Event ${delivery.eventId} will be sent again.`),
            })
          }
        >
          Redeliver
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}

/** An endpoint's 50 most recent deliveries, newest first, refreshed while one is pending. */
export function DeliveriesTable({ endpointId }: { endpointId: number }) {
  const query = useQuery(deliveriesQuery(endpointId));
  if (query.isPending) return <LoadingState label="Loading deliveries…" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.deliveries.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm" data-testid="webhook-no-deliveries">
        No deliveries yet. Send a test event to try the endpoint.
      </Text>
    );
  }
  return (
    <DataTable
      caption="Recent deliveries"
      header={
        <>
          <Table.ColumnHeader>Event</Table.ColumnHeader>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
          <Table.ColumnHeader>Answer</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Attempts</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Latency</Table.ColumnHeader>
          <Table.ColumnHeader>Response</Table.ColumnHeader>
          <Table.ColumnHeader>Time</Table.ColumnHeader>
          {/* Visible: a screen-reader-only text is positioned outside the table's scroll frame. */}
          <Table.ColumnHeader>Actions</Table.ColumnHeader>
        </>
      }
    >
      {query.data.deliveries.map((d) => (
        <DeliveryRow key={d.id} delivery={d} />
      ))}
    </DataTable>
  );
}
