import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { OfflineBanner } from '@/lib/pwa';
import { AppProvider } from './provider';
import { createAppRouter } from './router';
import { makeStore } from './store';

export function App() {
  const [store] = useState(makeStore);
  const [router] = useState(createAppRouter);
  return (
    <AppProvider store={store}>
      <OfflineBanner />
      <RouterProvider router={router} />
    </AppProvider>
  );
}
