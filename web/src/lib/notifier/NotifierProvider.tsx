import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { MAX_TOASTS, TOAST_DURATION_MS } from './notify';

export function NotifierProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={MAX_TOASTS}
      autoHideDuration={TOAST_DURATION_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      preventDuplicate
    >
      {children}
    </SnackbarProvider>
  );
}
