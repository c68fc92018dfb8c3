import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import type { Localization } from '@mui/material/locale';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';
import { selectUser } from '@/lib/auth';
import { i18n, setLanguage } from '@/lib/i18n';
import { NotifierProvider } from '@/lib/notifier';
import { useAppSelector } from '@/lib/store';
import { styleCache, theme } from '@/lib/theme';
import type { AppStore } from './store';

/** Everything a screen needs around it: store, i18n, styles, theme, toasts. Used by the app and by tests. */
export function AppProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <AccountLanguage />
        <CacheProvider value={styleCache}>
          <ThemeInLanguage>
            <CssBaseline enableColorScheme />
            <NotifierProvider>{children}</NotifierProvider>
          </ThemeInLanguage>
        </CacheProvider>
      </I18nextProvider>
    </ReduxProvider>
  );
}

/** Once signed in, the app speaks the account's language (kept on the server, chosen on the account page). */
function AccountLanguage() {
  const language = useAppSelector(selectUser)?.language;
  useEffect(() => {
    if (language) setLanguage(language);
  }, [language]);
  return null;
}

/**
 * MUI's Spanish texts, loaded the first time the app speaks Spanish: building them creates an
 * es-ES number format, which loaded the locale's data in the task that starts the app (~165 ms
 * at a phone's speed) for every viewer.
 */
let spanishComponentTexts: Promise<Localization> | undefined;
const loadSpanishComponentTexts = () => (spanishComponentTexts ??= import('@mui/material/locale').then(({ esES }) => esES));

/** The theme with MUI's own texts (pagination, autocomplete, close buttons) in the app's language. */
function ThemeInLanguage({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  const spanish = current.language === 'es';
  const [esES, setEsES] = useState<Localization>();
  useEffect(() => {
    if (!spanish) return;
    // An answer that arrives once the app is gone (or speaks English again) is dropped.
    let wanted = true;
    void loadSpanishComponentTexts().then((texts) => {
      if (wanted) setEsES(texts);
    });
    return () => {
      wanted = false;
    };
  }, [spanish]);
  const themed = useMemo(() => (spanish && esES ? createTheme(theme, esES) : theme), [spanish, esES]);
  return <ThemeProvider theme={themed}>{children}</ThemeProvider>;
}
