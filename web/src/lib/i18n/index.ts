import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * en-US texts are bundled: every `src/locales/en-US/<namespace>.json` file is picked
 * up here automatically (one namespace per feature, e.g. `t('planner:title')`).
 */
const files = import.meta.glob<Record<string, unknown>>('../../locales/en-US/*.json', {
  eager: true,
  import: 'default',
});

const enUS: Record<string, Record<string, unknown>> = {};
for (const [file, texts] of Object.entries(files)) {
  const namespace = file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
  enUS[namespace] = texts;
}

export const LOCALE = 'en-US';
export const namespaces = Object.keys(enUS);

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: LOCALE,
  fallbackLng: LOCALE,
  supportedLngs: [LOCALE],
  load: 'currentOnly',
  ns: namespaces,
  defaultNS: 'common',
  resources: { [LOCALE]: enUS },
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
