import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/app/store';
import { renderWithProviders } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { flushOutbox, sendOrQueue } from './outbox';
import { OUTBOX_KEEP_MS, OUTBOX_STORAGE_KEY, readStoredOutbox, type OutboxItem } from './outbox-slice';
import { OutboxList } from './OutboxList';

/** An access token whose only readable claim is sub (the service worker and the outbox read no more). */
const tokenOf = (sub: string) => `e30.${btoa(JSON.stringify({ sub }))}.sig`;

function storeOf(sub: string) {
  localStorage.setItem('token', tokenOf(sub));
  localStorage.setItem('refreshToken', 'refresh');
  return makeStore();
}

function offline(isOffline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!isOffline);
}

/** Counts the override requests the server received, answering as the server does (409 once one is pending). */
function overrideServer(answer?: () => Response) {
  const received: unknown[] = [];
  server.use(
    http.post(apiUrl('/wex/override-requests'), async ({ request }) => {
      received.push(await request.json());
      if (answer) return answer();
      if (received.length > 1) return HttpResponse.json({ status: 409, message: 'An override request for this card is already pending' }, { status: 409 });
      return HttpResponse.json({ id: 1, status: 'PENDING' }, { status: 201 });
    }),
  );
  return received;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('outbox', () => {
  it('keeps what is sent offline across a reload and sends it once when the connection is back', async () => {
    const received = overrideServer();
    offline(true);
    const store = storeOf('7');
    await expect(store.dispatch(sendOrQueue('overrideRequest', { message: 'at the pump' }))).resolves.toBe('queued');
    expect(received).toEqual([]);
    expect(JSON.parse(localStorage.getItem(OUTBOX_STORAGE_KEY) ?? '[]')).toMatchObject([{ kind: 'overrideRequest', status: 'waiting', userId: '7' }]);

    // A reload: a new store finds it waiting.
    offline(false);
    const reloaded = makeStore();
    expect(reloaded.getState().outbox.items).toMatchObject([{ kind: 'overrideRequest', status: 'waiting', body: { message: 'at the pump' } }]);
    await reloaded.dispatch(flushOutbox('refused'));
    expect(reloaded.getState().outbox.items).toMatchObject([{ status: 'sent' }]);
    await reloaded.dispatch(flushOutbox('refused'));
    expect(received).toEqual([{ message: 'at the pump' }]);
  });

  it('queues when the server cannot be reached and waits again while it still cannot', async () => {
    const received = overrideServer(() => HttpResponse.error());
    offline(false);
    const store = storeOf('7');
    await expect(store.dispatch(sendOrQueue('overrideRequest', {}))).resolves.toBe('queued');
    await store.dispatch(flushOutbox('refused'));
    expect(store.getState().outbox.items).toMatchObject([{ status: 'waiting' }]);
    expect(received).toHaveLength(2);
  });

  it('counts "already pending" as sent (a resend whose first answer was lost) and shows a refusal with its reason', async () => {
    offline(true);
    const store = storeOf('7');
    await store.dispatch(sendOrQueue('overrideRequest', {}));
    await store.dispatch(sendOrQueue('odometer', { odometer: 12 }));
    offline(false);
    overrideServer(() => HttpResponse.json({ status: 409, message: 'An override request for this card is already pending' }, { status: 409 }));
    server.use(
      http.post(apiUrl('/wex/odometer'), () =>
        HttpResponse.json({ status: 400, message: { odometer: ["This reading is not possible after the vehicle's last one"] } }, { status: 400 }),
      ),
    );
    await store.dispatch(flushOutbox('refused'));
    const [override, odometer] = store.getState().outbox.items;
    expect(override.status).toBe('sent');
    expect(odometer).toMatchObject({ status: 'failed', error: "This reading is not possible after the vehicle's last one" });
  });

  it("sends an odometer reading with the time it was read, the same on every resend", async () => {
    const bodies: Array<{ odometer: number; readAt: string }> = [];
    server.use(
      http.post(apiUrl('/wex/odometer'), async ({ request }) => {
        bodies.push((await request.json()) as { odometer: number; readAt: string });
        return bodies.length === 1 ? HttpResponse.error() : HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    offline(false);
    const store = storeOf('7');
    await expect(store.dispatch(sendOrQueue('odometer', { odometer: 412345 }))).resolves.toBe('queued');
    await store.dispatch(flushOutbox('refused'));
    expect(bodies).toHaveLength(2);
    expect(bodies[0].readAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(bodies[1]).toEqual(bodies[0]);
  });

  it("never sends nor shows another user's items", async () => {
    const received = overrideServer();
    offline(true);
    await storeOf('7').dispatch(sendOrQueue('overrideRequest', { message: 'seven' }));
    offline(false);
    const other = storeOf('8');
    await other.dispatch(flushOutbox('refused'));
    expect(received).toEqual([]);
    expect(other.getState().outbox.items).toMatchObject([{ userId: '7', status: 'waiting' }]);
    renderWithProviders(<OutboxList />, { preloadedState: { outbox: other.getState().outbox } });
    expect(screen.queryByTestId('outbox')).not.toBeInTheDocument();
  });

  it('a sign-in starts with an empty outbox', async () => {
    offline(true);
    const store = storeOf('7');
    await store.dispatch(sendOrQueue('overrideRequest', {}));
    store.dispatch({ type: 'auth/signInStarted' });
    expect(store.getState().outbox.items).toEqual([]);
    expect(localStorage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();
  });

  it('shows each item waiting, then sent once the connection is back', async () => {
    overrideServer();
    offline(true);
    localStorage.setItem('token', tokenOf('7'));
    const { store } = renderWithProviders(<OutboxList />);
    await act(async () => {
      await store.dispatch(sendOrQueue('overrideRequest', {}));
    });
    const item = await screen.findByTestId('outbox-item');
    expect(item).toHaveAttribute('data-status', 'waiting');
    expect(item).toHaveTextContent(/Override request made at .*: waiting for the connection\./);
    offline(false);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await vi.waitFor(() => expect(screen.getByTestId('outbox-item')).toHaveAttribute('data-status', 'sent'));
    expect(screen.getByTestId('outbox-item')).toHaveTextContent(/: sent\./);
  });
});

describe('readStoredOutbox', () => {
  it('turns an item cut off while sending back into waiting and forgets old finished ones', () => {
    const now = Date.UTC(2026, 10, 27, 12);
    const base = { body: {}, userId: '7', kind: 'overrideRequest' as const };
    const items: OutboxItem[] = [
      { ...base, id: 'a', createdAt: now - 1000, status: 'sending' },
      { ...base, id: 'b', createdAt: now - OUTBOX_KEEP_MS - 1, status: 'sent' },
      { ...base, id: 'c', createdAt: now - OUTBOX_KEEP_MS - 1, status: 'waiting' },
      { ...base, id: 'd', createdAt: now - 1000, status: 'failed', error: 'no' },
    ];
    localStorage.setItem(OUTBOX_STORAGE_KEY, JSON.stringify([...items, { id: 'junk' }]));
    expect(readStoredOutbox(now).items.map((item) => [item.id, item.status])).toEqual([
      ['a', 'waiting'],
      ['c', 'waiting'],
      ['d', 'failed'],
    ]);
  });
});
