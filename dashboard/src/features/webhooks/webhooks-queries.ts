import { contract } from '@reachly/shared/contract';
import type { CreateWebhookBody, UpdateWebhookBody } from '@reachly/shared/schemas';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { useRefreshingMutation } from '../../lib/use-refreshing-mutation.ts';

/** GET /api/webhooks: the organisation's endpoints (never their secrets). */
export const webhooksQuery = queryOptions({
  queryKey: ['webhooks'] as const,
  queryFn: ({ signal }) => call(contract.webhooks.list, {}, { signal }),
});

/** An endpoint's recent deliveries; fetched again every 2 s while one is still pending. */
export const deliveriesQuery = (id: number) =>
  queryOptions({
    queryKey: ['webhooks', id, 'deliveries'] as const,
    queryFn: ({ signal }) => call(contract.webhooks.deliveries, { params: { id } }, { signal }),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'pending') ? 2000 : false,
  });

/**
 * A mutation that refreshes the endpoints (and their deliveries) once it settles; with an
 * `errorTitle` a failure is toasted (the buttons that have no form to show it in).
 */
const useWebhooksMutation = <V, R>(mutationFn: (vars: V) => Promise<R>, errorTitle?: string) =>
  useRefreshingMutation(webhooksQuery.queryKey, mutationFn, { meta: { errorTitle } });

export const useCreateWebhook = () =>
  useWebhooksMutation((body: CreateWebhookBody) => call(contract.webhooks.create, { body }));

export const useUpdateWebhook = () =>
  useWebhooksMutation(({ id, body }: { id: number; body: UpdateWebhookBody }) =>
    call(contract.webhooks.update, { params: { id }, body }),
  );

export const useDeleteWebhook = () =>
  useWebhooksMutation((id: number) => call(contract.webhooks.remove, { params: { id } }));

export const useRotateSecret = () =>
  useWebhooksMutation(
    (id: number) => call(contract.webhooks.rotateSecret, { params: { id } }),
    'Could not rotate the secret',
  );

export const useSendTest = () =>
  useWebhooksMutation(
    (id: number) => call(contract.webhooks.sendTest, { params: { id } }),
    'Could not send the test event',
  );

export const useRedeliver = () =>
  useWebhooksMutation(
    (deliveryId: number) => call(contract.webhooks.redeliver, { params: { id: deliveryId } }),
    'Could not redeliver the event',
  );
