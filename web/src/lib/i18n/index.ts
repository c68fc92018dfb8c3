import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { namespaceOf } from './namespace';

/**
 * en-US texts are bundled, one namespace per feature in `src/locales/en-US/<namespace>.json`
 * (e.g. `t('planner:title')`). `common` and `auth` (the sign-in page's) are in the first
 * bundle; every other file is picked up automatically by ./more-texts, which loads with the
 * first page behind a route (`lazyPage` awaits `loadAllTexts`).
 */
const files = import.meta.glob<Record<string, unknown>>(['../../locales/en-US/common.json', '../../locales/en-US/auth.json'], {
  eager: true,
  import: 'default',
});

const enUS: Record<string, Record<string, unknown>> = {};
for (const [file, texts] of Object.entries(files)) enUS[namespaceOf(file)] = texts;

export const LOCALE = 'en-US';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: LOCALE,
  fallbackLng: LOCALE,
  supportedLngs: [LOCALE],
  load: 'currentOnly',
  ns: Object.keys(enUS),
  defaultNS: 'common',
  resources: { [LOCALE]: enUS },
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

let allTexts: Promise<void> | undefined;

/** Adds every other namespace's texts (once); pages behind a route render after it resolves. */
export const loadAllTexts = () =>
  (allTexts ??= import('./more-texts').then(({ moreTexts }) => {
    for (const [namespace, texts] of Object.entries(moreTexts)) i18n.addResourceBundle(LOCALE, namespace, texts);
  }));

