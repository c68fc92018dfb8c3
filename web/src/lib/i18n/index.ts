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
 * are in the first bundle; every other file is picked up automatically by ./more-texts-<code>, which
 * loads with the first page behind a route (`lazyPage` awaits `loadAllTexts`), in en-US and the
 * language shown only.
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

/** The namespaces beyond the first bundle's, one chunk per language (./more-texts-en-US, ./more-texts-es). */
const moreTextsOf: Record<string, () => Promise<{ moreTexts: Record<string, Record<string, unknown>> }>> = {
  [LOCALE]: () => import('./more-texts-en-US'),
  [TEXTS_CODE.es]: () => import('./more-texts-es'),
};
const moreTexts = new Map<string, Promise<void>>();
const moreTextsAdded = new Set<string>();

const loadMoreTexts = (code: string) => {
  let loading = moreTexts.get(code);
  if (!loading) {
    loading = moreTextsOf[code]().then((texts) => {
      for (const [namespace, bundle] of Object.entries(texts.moreTexts)) i18n.addResourceBundle(code, namespace, bundle);
      moreTextsAdded.add(code);
    });
    moreTexts.set(code, loading);
  }
  return loading;
};

/**
 * Adds every other namespace's texts (once) in en-US, which every language falls back to, and in
 * `languages` (the one shown now): a viewer downloads only the languages it reads. Pages behind a
 * route render after it resolves.
 */
export const loadAllTexts = (languages: Language[] = [currentLanguage()]) =>
  Promise.all([...new Set([LOCALE, ...languages.map((language) => TEXTS_CODE[language])])].map(loadMoreTexts)).then(() => undefined);

let shownLanguage = language;

function showLanguage(next: Language) {
  setFormatLanguage(next);
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  if (i18n.language !== TEXTS_CODE[next]) void i18n.changeLanguage(TEXTS_CODE[next]);
}

/**
 * Shows the app in `language` from now on and keeps it as this device's choice (the account's
 * choice is the server's: see useAccountLanguage). Once pages have loaded their texts, the
 * language's own are loaded first (if not yet), so that a page never mixes two languages.
 */
export function setLanguage(next: Language) {
  storeLanguage(next);
  shownLanguage = next;
  const code = TEXTS_CODE[next];
  if (moreTexts.size === 0 || moreTextsAdded.has(code)) showLanguage(next);
  else
    void loadMoreTexts(code).then(() => {
      if (shownLanguage === next) showLanguage(next);
    });
}

export type { Language } from './language';
export { LANGUAGES } from './language';
