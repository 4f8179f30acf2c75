import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { integrationCalls as calls } from '../../../lib/integration-calls';
import { useCallMutation } from '../../../lib/use-call-mutation';
import { settingsKeys } from '../settings-api';

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
 *  fresh proof of the administrator,
 *  asked for when the server wants one. */
const endpointChange = { invalidates: [webhookKeys.all] };

export const useCreateWebhook = () => useCallMutation(calls.createWebhook, { ...endpointChange, freshProof: true });
export const useRotateWebhookSecret = () =>
  useCallMutation(calls.rotateWebhookSecret, { ...endpointChange, freshProof: true });
export const useUpdateWebhook = () => useCallMutation(calls.updateWebhook, { ...endpointChange, freshProof: true });
export const useDeleteWebhook = () => useCallMutation(calls.deleteWebhook, endpointChange);

/** Queues the delivery's event again: the new delivery heads the endpoint's list. */
export const useResendDelivery = (endpointId: number) =>
  useCallMutation(calls.resendWebhookDelivery, { invalidates: [webhookKeys.deliveries(endpointId)] });
