import { Badge, Button, Card, Flex, HStack, Stack, Switch, Text, Wrap } from '@chakra-ui/react';
import type { WebhookEndpoint } from '@reachly/shared/schemas';
import { toastError, toastSuccess } from '../../../components/toaster.tsx';
import { useRotateSecret, useSendTest, useUpdateWebhook } from '../webhooks-queries.ts';
import { DeliveriesTable } from './deliveries-table.tsx';

/**
 * One endpoint: its address, events and state, its actions (send a test event, edit, rotate the
 * secret, delete), and its recent deliveries.
 */
export function EndpointCard({
  endpoint,
  onEdit,
  onDelete,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onDelete: () => void;
  onSecret: (secret: string) => void;
}) {
  const update = useUpdateWebhook();
  const sendTest = useSendTest();
  const rotate = useRotateSecret();
  return (
    <Card.Root data-testid="webhook-endpoint" data-url={endpoint.url}>
      <Card.Body gap="4">
        <Flex gap="3" wrap="wrap" align="start">
          <Stack gap="1" flex="1" minW="0">
            <Text fontWeight="semibold" fontFamily="mono" fontSize="sm" wordBreak="break-all">
              {endpoint.url}
            </Text>
            {endpoint.description && (
              <Text color="fg.muted" fontSize="sm">
                {endpoint.description}
              </Text>
            )}
            <Wrap gap="1">
              {endpoint.events.map((e) => (
                <Badge key={e} variant="outline" fontFamily="mono">
                  {e}
                </Badge>
              ))}
            </Wrap>
            {endpoint.previousSecretExpiresAt && (
              <Text fontSize="xs" color="fg.muted">
                The previous secret also signs until{' '}
                {new Date(endpoint.previousSecretExpiresAt).toLocaleString()}.
              </Text>
            )}
          </Stack>
          <Switch.Root
            checked={endpoint.enabled}
            disabled={update.isPending}
            onCheckedChange={(e) =>
              update.mutate(
                { id: endpoint.id, body: { enabled: e.checked } },
                { onError: (error) => toastError('Could not change the endpoint', error) },
              )
            }
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{endpoint.enabled ? 'Enabled' : 'Disabled'}</Switch.Label>
          </Switch.Root>
        </Flex>
        <HStack gap="2" wrap="wrap">
          <Button
            size="sm"
            loading={sendTest.isPending}
            onClick={() =>
              sendTest.mutate(endpoint.id, {
                onSuccess: () => toastSuccess('Test event queued', 'Its delivery shows below.'),
              })
            }
          >
            Send test event
          </Button>
          <Button size="sm" variant="outline" onClick={onEdit}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="outline"
            loading={rotate.isPending}
            onClick={() => rotate.mutate(endpoint.id, { onSuccess: ({ secret }) => onSecret(secret) })}
          >
            Rotate secret
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" onClick={onDelete}>
            Delete
          </Button>
        </HStack>
        <Stack gap="2">
          <Text fontWeight="medium" fontSize="sm">
            Recent deliveries
          </Text>
          <DeliveriesTable endpointId={endpoint.id} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
