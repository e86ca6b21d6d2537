import { Button, Stack } from '@chakra-ui/react';
import type { WebhookEndpoint } from '@reachly/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyListState, ErrorState, LoadingState } from '../../components/list-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { DeleteEndpointDialog } from './components/delete-endpoint-dialog.tsx';
import { EndpointCard } from './components/endpoint-card.tsx';
import { EndpointFormDialog, type EndpointFormTarget } from './components/endpoint-form-dialog.tsx';
import { SecretDialog } from './components/secret-dialog.tsx';
import { webhooksQuery } from './webhooks-queries.ts';

/**
 * /webhooks: the organisation's signed webhook endpoints (Standard Webhooks), each with its recent
 * deliveries, a test event and redelivery; a new or rotated secret is shown once.
 */
export default function WebhooksPage() {
  const query = useQuery(webhooksQuery);
  const [form, setForm] = useState<EndpointFormTarget | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const add = (
    <Button onClick={() => setForm({ kind: 'create' })} data-testid="webhook-add">
      Add endpoint
    </Button>
  );
  return (
    <Stack gap="4">
      <PageHeader
        title="Webhooks"
        description="Send lead, campaign and profile events to your CRM or automation tool, signed so it can check they came from Reachly."
        action={add}
      />
      {query.isPending ? (
        <LoadingState label="Loading endpoints…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.endpoints.length === 0 ? (
        <EmptyListState
          title="No endpoints yet"
          description="Add the URL of a receiver to get events as they happen."
        />
      ) : (
        <Stack gap="4">
          {query.data.endpoints.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              onEdit={() => setForm({ kind: 'edit', endpoint })}
              onDelete={() => setDeleting(endpoint)}
              onSecret={setSecret}
            />
          ))}
        </Stack>
      )}
      <EndpointFormDialog target={form} onClose={() => setForm(null)} onCreated={setSecret} />
      <DeleteEndpointDialog endpoint={deleting} onClose={() => setDeleting(null)} />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}
