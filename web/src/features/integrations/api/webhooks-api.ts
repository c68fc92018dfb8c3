import { api, type RequestBody, type Schema } from '@/lib/api';

/** A webhook endpoint of the owner's company (its secret is shown only when created). */
export type WebhookEndpoint = Schema<'WebhookEndpoint'>;
/** The answer to adding an endpoint: the endpoint with its signing secret, shown this once. */
export type WebhookEndpointCreated = Schema<'WebhookEndpointCreated'>;
export type WebhookEndpointList = Schema<'WebhookEndpointList'>;
export type WebhookEventType = Schema<'WebhookEventType'>;
/** One event sent to one endpoint. */
export type WebhookDelivery = Schema<'WebhookDelivery'>;
type WebhookDeliveryList = Schema<'WebhookDeliveryList'>;
/** POST /wex/company/webhooks and PUT …/{id} body. */
export type WebhookEndpointInput = RequestBody<'/api/wex/company/webhooks', 'post'>;

/** The owner's webhook endpoints and their deliveries (the API contract). */
export const webhooksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWebhooks: build.query<WebhookEndpointList, void>({
      query: () => ({ url: '/wex/company/webhooks' }),
      providesTags: ['Webhook'],
    }),
    addWebhook: build.mutation<WebhookEndpointCreated, WebhookEndpointInput>({
      query: (body) => ({ url: '/wex/company/webhooks', method: 'POST', body }),
      invalidatesTags: ['Webhook'],
    }),
    updateWebhook: build.mutation<WebhookEndpoint, { id: number; body: WebhookEndpointInput }>({
      query: ({ id, body }) => ({ url: `/wex/company/webhooks/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Webhook'],
    }),
    deleteWebhook: build.mutation<void, number>({
      query: (id) => ({ url: `/wex/company/webhooks/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Webhook', 'WebhookDelivery'],
    }),
    getWebhookDeliveries: build.query<WebhookDelivery[], number>({
      query: (id) => ({ url: `/wex/company/webhooks/${id}/deliveries` }),
      transformResponse: (response: WebhookDeliveryList) => response.content,
      providesTags: ['WebhookDelivery'],
    }),
    resendWebhookDelivery: build.mutation<WebhookDelivery, number>({
      query: (id) => ({ url: `/wex/company/webhooks/deliveries/${id}/resend`, method: 'POST' }),
      invalidatesTags: ['WebhookDelivery'],
    }),
  }),
});

export const {
  useGetWebhooksQuery,
  useAddWebhookMutation,
  useUpdateWebhookMutation,
  useDeleteWebhookMutation,
  useGetWebhookDeliveriesQuery,
  useResendWebhookDeliveryMutation,
} = webhooksApi;
