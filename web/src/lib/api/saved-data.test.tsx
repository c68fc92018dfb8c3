import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store';
import { SavedAtNote } from '@/components/feedback/SavedAtNote';
import { OfflineBanner } from '@/lib/pwa';
import { renderWithProviders } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { api } from './api';
import { SAVED_AT_HEADER, selectOldestSavedAt, selectSavedAt } from './saved-data';

const savedApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSavedThing: build.query<{ n: number }, void>({ query: () => '/saved-thing' }),
  }),
});

describe('saved answers', () => {
  it("notes when a query's answer is the service worker's saved copy, and forgets it on a fresh answer", async () => {
    const savedAt = new Date(2026, 10, 27, 10, 42).getTime();
    let fromCache = true;
    server.use(
      http.get(apiUrl('/saved-thing'), () =>
        HttpResponse.json({ n: 1 }, { headers: fromCache ? { [SAVED_AT_HEADER]: String(savedAt) } : {} }),
      ),
    );
    const store = makeStore();
    await store.dispatch(savedApi.endpoints.getSavedThing.initiate());
    expect(selectSavedAt(store.getState(), 'getSavedThing')).toBe(savedAt);
    expect(selectOldestSavedAt(store.getState())).toBe(savedAt);

    // The store that holds the query's saved answer (the banner asks for it again: still the saved copy).
    const { unmount } = render(
      <AppProvider store={store}>
        <OfflineBanner />
        <SavedAtNote endpoint="getSavedThing" />
      </AppProvider>,
    );
    expect(screen.getByTestId('saved-at-note')).toHaveTextContent(/^Updated (Nov 27, )?10:42 AM · offline$/);
    // The device says it is online, but the server did not answer: the banner says so, with the time.
    expect(screen.getByTestId('offline-banner')).toHaveTextContent(/The server is not answering\. Showing what was saved at (Nov 27, )?10:42 AM/);
    unmount();

    fromCache = false;
    await store.dispatch(savedApi.endpoints.getSavedThing.initiate(undefined, { forceRefetch: true }));
    expect(selectSavedAt(store.getState(), 'getSavedThing')).toBeNull();
    expect(selectOldestSavedAt(store.getState())).toBeNull();
    renderWithProviders(<SavedAtNote endpoint="getSavedThing" />, { preloadedState: { savedData: store.getState().savedData } });
    expect(screen.queryByTestId('saved-at-note')).not.toBeInTheDocument();
  });

  it('asks again for saved answers while the device is online, and the notice goes once the server answers', async () => {
    const savedAt = new Date(2026, 10, 27, 10, 42).getTime();
    let fromCache = true;
    let calls = 0;
    server.use(
      http.get(apiUrl('/saved-thing'), () => {
        calls += 1;
        return HttpResponse.json({ n: calls }, { headers: fromCache ? { [SAVED_AT_HEADER]: String(savedAt) } : {} });
      }),
    );
    const store = makeStore();
    // The page's query, answered from the saved copy (the server did not answer in time).
    const subscription = store.dispatch(savedApi.endpoints.getSavedThing.initiate());
    await subscription;
    expect(selectSavedAt(store.getState(), 'getSavedThing')).toBe(savedAt);

    fromCache = false;
    render(
      <AppProvider store={store}>
        <OfflineBanner />
      </AppProvider>,
    );
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('The server is not answering.');
    // The banner asks again at once: the fresh answer replaces the saved one.
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument());
    expect(selectOldestSavedAt(store.getState())).toBeNull();
    expect(savedApi.endpoints.getSavedThing.select()(store.getState()).data).toEqual({ n: 2 });
    subscription.unsubscribe();
  });
});
