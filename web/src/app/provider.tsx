import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';
import { i18n } from '@/lib/i18n';
import { NotifierProvider } from '@/lib/notifier';
import { theme } from '@/lib/theme';
import type { AppStore } from './store';

/** Everything a screen needs around it: store, i18n, theme, toasts. Used by the app and by tests. */
export function AppProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <CssBaseline enableColorScheme />
          <NotifierProvider>{children}</NotifierProvider>
        </ThemeProvider>
      </I18nextProvider>
    </ReduxProvider>
  );
}
