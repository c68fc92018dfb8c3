import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { OutboxList } from '@/lib/outbox/OutboxList';
import { OfflineBanner } from '@/lib/pwa';
import { AppErrorBoundary } from './AppError';
import { AppProvider } from './provider';
import { createAppRouter } from './router';
import type { AppStore } from './store';

/** The app around a store that src/start.tsx made (and may have started loading into). */
export function App({ store }: { store: AppStore }) {
  const [router] = useState(createAppRouter);
  return (
    <AppProvider store={store}>
      <AppErrorBoundary>
        <OfflineBanner />
        <OutboxList />
        <RouterProvider router={router} />
      </AppErrorBoundary>
    </AppProvider>
  );
}
