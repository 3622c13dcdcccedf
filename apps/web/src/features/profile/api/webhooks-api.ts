import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createdWebhookSchema,
  webhookDeliveriesSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointsSchema,
  type CreateWebhookBody,
  type UpdateWebhookBody,
} from '@staybook/domain/webhooks';
import { apiRequest, ignoredResponse } from '../../../lib/api-client';

const WEBHOOKS_PATH = '/api/webhooks';
const endpointPath = (id: string, part = '') => `${WEBHOOKS_PATH}/${encodeURIComponent(id)}${part}`;

/** The host's endpoints, and each one's delivery log. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: () => [...webhookKeys.all, 'endpoints'] as const,
  deliveries: (endpointId: string) => [...webhookKeys.all, 'deliveries', endpointId] as const,
};

/** How often an open delivery log looks for new deliveries and their outcome. */
const LOG_REFRESH_MS = 5_000;

export function useWebhooks() {
  return useQuery({ queryKey: webhookKeys.endpoints(), queryFn: ({ signal }) => apiRequest(WEBHOOKS_PATH, webhookEndpointsSchema, { signal }), staleTime: 0 });
}

export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: ({ signal }) => apiRequest(endpointPath(endpointId, '/deliveries'), webhookDeliveriesSchema, { signal }),
    staleTime: 0,
    refetchInterval: LOG_REFRESH_MS,
  });
}

function useRefreshWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
}

export function useCreateWebhook() {
  const refresh = useRefreshWebhooks();
  return useMutation({ mutationFn: (body: CreateWebhookBody) => apiRequest(WEBHOOKS_PATH, createdWebhookSchema, { method: 'POST', json: body }), onSuccess: refresh });
}

export function useUpdateWebhook(endpointId: string) {
  const refresh = useRefreshWebhooks();
  return useMutation({ mutationFn: (body: UpdateWebhookBody) => apiRequest(endpointPath(endpointId), webhookEndpointSchema, { method: 'PATCH', json: body }), onSuccess: refresh });
}

export function useDeleteWebhook() {
  const refresh = useRefreshWebhooks();
  return useMutation({ mutationFn: (endpointId: string) => apiRequest(endpointPath(endpointId), ignoredResponse, { method: 'DELETE' }), onSuccess: refresh });
}

export function useRedeliver(endpointId: string) {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: (deliveryId: string) => apiRequest(endpointPath(endpointId, `/deliveries/${encodeURIComponent(deliveryId)}/redeliver`), webhookDeliverySchema, { method: 'POST' }),
    onSuccess: refresh,
  });
}
