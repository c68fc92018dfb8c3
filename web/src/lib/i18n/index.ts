import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setFormatLanguage } from '@/lib/format/locale';
import { setServerTextTranslator } from '@/lib/api/errors';
import { namespaceOf } from './namespace';
import { startLanguage, storeLanguage, TEXTS_CODE, type Language } from './language';
import { serverText } from './server-text';

/**
 * Texts are bundled, one namespace per feature in `src/locales/<code>/<namespace>.json` (e.g.
 * `t('planner:title')`): en-US, and es for the namespaces a driver reads (docs/product.md,
 * Languages); a text missing in es falls back to en-US. `common` and `auth` (the sign-in page's)
 * are in the first bundle; every other file is picked up automatically by ./more-texts, which
 * loads with the first page behind a route (`lazyPage` awaits `loadAllTexts`).
 */
const files = import.meta.glob<Record<string, unknown>>(
  ['../../locales/*/common.json', '../../locales/*/auth.json'],
  { eager: true, import: 'default' },
);

/** `…/locales/es/common.json` → es */
export const codeOf = (file: string) => file.split('/').at(-2)!;

const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, texts] of Object.entries(files)) (resources[codeOf(file)] ??= {})[namespaceOf(file)] = texts;

/** The texts every other language falls back to. */
export const LOCALE = 'en-US';

export const i18n = i18next.createInstance();

const language = startLanguage();

void i18n.use(initReactI18next).init({
  lng: TEXTS_CODE[language],
  fallbackLng: LOCALE,
  supportedLngs: Object.values(TEXTS_CODE),
  load: 'currentOnly',
  ns: Object.keys(resources[LOCALE]),
  defaultNS: 'common',
  resources,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
setFormatLanguage(language);
setServerTextTranslator((text) => serverText(i18n, text));
if (typeof document !== 'undefined') document.documentElement.lang = language;

/** The language the app shows now. */
export const currentLanguage = (): Language => (i18n.language === TEXTS_CODE.es ? 'es' : 'en');

/**
 * Shows the app in `language` from now on and keeps it as this device's choice (the account's
 * choice is the server's: see useAccountLanguage).
 */
export function setLanguage(next: Language) {
  storeLanguage(next);
  setFormatLanguage(next);
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  if (i18n.language !== TEXTS_CODE[next]) void i18n.changeLanguage(TEXTS_CODE[next]);
}

let allTexts: Promise<void> | undefined;

/** Adds every other namespace's texts (once); pages behind a route render after it resolves. */
export const loadAllTexts = () =>
  (allTexts ??= import('./more-texts').then(({ moreTexts }) => {
    for (const [code, namespaces] of Object.entries(moreTexts))
      for (const [namespace, texts] of Object.entries(namespaces)) i18n.addResourceBundle(code, namespace, texts);
  }));

export type { Language } from './language';
export { LANGUAGES } from './language';
