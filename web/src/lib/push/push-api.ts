import { api, type Schema } from '@/lib/api';

/** A browser's subscription as the API takes it (PushSubscription.toJSON()). */
export type PushSubscriptionBody = Schema<'PushSubscription'>;

/** Push notifications to this browser (docs/notifications.md). */
export const pushApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPushPublicKey: build.query<Schema<'PushPublicKey'>, void>({
      query: () => '/push/public-key',
    }),
    savePushSubscription: build.mutation<void, PushSubscriptionBody>({
      query: (body) => ({ url: '/push/subscriptions', method: 'POST', body }),
    }),
    deletePushSubscription: build.mutation<void, Schema<'PushUnsubscribe'>>({
      query: (body) => ({ url: '/push/subscriptions', method: 'DELETE', body }),
    }),
  }),
});
