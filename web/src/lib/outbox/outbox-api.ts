import { api } from '@/lib/api/api';
import type { OutboxKind } from './outbox-slice';

/** Where each kind is sent (http/openapi.json). */
const OUTBOX_URL: Record<OutboxKind, string> = {
  overrideRequest: '/wex/override-requests',
  odometer: '/wex/odometer',
};

export const outboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Sends one outbox item: POST /api/wex/override-requests or POST /api/wex/odometer. */
    sendOutboxItem: build.mutation<unknown, { kind: OutboxKind; body: Record<string, unknown> }>({
      query: ({ kind, body }) => ({ url: OUTBOX_URL[kind], method: 'POST', body }),
      invalidatesTags: (_result, error, { kind }) => (!error && kind === 'overrideRequest' ? ['OverrideRequest', 'Alert'] : []),
    }),
  }),
});
