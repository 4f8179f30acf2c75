import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useFreshProof } from '../../../components/fresh-proof';
import { call } from '../../../lib/api-client';
import type { CallView } from '../../../lib/call-view';
import { integrationCalls as calls } from '../../../lib/integration-calls';
import { type Change, settingsKeys } from '../settings-api';

/** The company's webhook endpoints (docs/integrations.md) and each one's deliveries. */
export const webhookKeys = {
  all: [...settingsKeys.all, 'webhooks'] as const,
  deliveries: (id: number) => [...webhookKeys.all, 'deliveries', id] as const,
};

export const webhooksQuery = () =>
  queryOptions({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) => call(calls.webhooks, undefined, { signal }),
  });

/** An endpoint's deliveries, newest first, a page at a time through the server's cursor. */
export const deliveriesQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal, pageParam }) => call(calls.webhookDeliveries, { id, cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** A change to the endpoints; those that hand out a secret or send it elsewhere (a new URL) need a
 *  fresh proof of the administrator, asked for when the server wants one. */
function useEndpointChange<D extends CallView>(declaration: D, freshProof: boolean) {
  const client = useQueryClient();
  const withFreshProof = useFreshProof();
  return useMutation({
    mutationFn: ({ body, options }: Change<D>) =>
      freshProof
        ? withFreshProof((proven) => call(declaration, body, proven), options)
        : call(declaration, body, options),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export const useCreateWebhook = () => useEndpointChange(calls.createWebhook, true);
export const useRotateWebhookSecret = () => useEndpointChange(calls.rotateWebhookSecret, true);
export const useUpdateWebhook = () => useEndpointChange(calls.updateWebhook, true);
export const useDeleteWebhook = () => useEndpointChange(calls.deleteWebhook, false);

/** Queues the delivery's event again: the new delivery heads the endpoint's list. */
export function useResendDelivery(endpointId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, options }: Change<typeof calls.resendWebhookDelivery>) =>
      call(calls.resendWebhookDelivery, body, options),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) }),
  });
}
