import { Code, Text } from '@chakra-ui/react';
import type { WebhookEndpoint } from '@reachly/shared/schemas';
import { useEffect } from 'react';
import { toastSuccess } from '../../../components/toaster.tsx';
import { ConfirmDialog } from '../../collections/components/confirm-dialog.tsx';
import { useDeleteWebhook } from '../webhooks-queries.ts';

/** Asks before deleting an endpoint: its pending deliveries are dropped with it. A refusal shows in the dialog. */
export function DeleteEndpointDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
}) {
  const remove = useDeleteWebhook();
  const { reset } = remove;
  useEffect(() => {
    if (endpoint) reset();
  }, [endpoint, reset]);
  return (
    <ConfirmDialog
      open={endpoint !== null}
      onClose={onClose}
      title="Delete endpoint?"
      confirmLabel="Delete endpoint"
      cancelLabel="Keep it"
      onConfirm={() => {
        if (!endpoint) return;
        remove.mutate(endpoint.id, {
          onSuccess: () => {
            toastSuccess('Endpoint deleted');
            onClose();
          },
        });
      }}
      pending={remove.isPending}
      error={remove.error}
      testId="delete-webhook-dialog"
    >
      <Text>
        <Code wordBreak="break-all">{endpoint?.url}</Code> will receive no more events, and its deliveries not
        yet sent are dropped.
      </Text>
    </ConfirmDialog>
  );
}
