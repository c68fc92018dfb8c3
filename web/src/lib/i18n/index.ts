import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setFormatLanguage } from '@/lib/format/locale';
import { setServerTextTranslator } from '@/lib/api/errors';
import { byNamespace, namespaceOf } from './namespace';
import { startLanguage, storeLanguage, TEXTS_CODE, type Language } from './language';
import { serverText } from './server-text';

/**
 * Texts are bundled, one namespace per feature in `src/locales/<code>/<namespace>.json` (e.g.
 * `t('planner:title')`): en-US, and es for the namespaces translated (docs/product.md,
 * Languages); a text missing in es falls back to en-US. `common` and `auth` (the sign-in page's)
 * are in the first bundle. Every other namespace loads with the code that uses it: a module that
 * uses namespace `ifta` imports `@/lib/i18n/texts/ifta`, which adds its en-US texts (so they are in
 * that page's chunk, and only its page's); the viewer's own language's file loads beside them
 * (one small chunk per namespace and language) and `lazyPage` awaits it (textsReady), so that a
 * page shows in one language at once. A namespace used without its import still loads (the
 * backend below reads any namespace's file), behind `useTranslation`'s Suspense: never a key shown.
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

type TextsFile = () => Promise<Record<string, unknown>>;

/** Every namespace's file beyond the first bundle's, by language, each its own chunk (unless a page's code imports it). */
const textFiles: Record<string, Record<string, TextsFile>> = {
  [LOCALE]: byNamespace(
    import.meta.glob<Record<string, unknown>>(['../../locales/en-US/*.json', '!**/common.json', '!**/auth.json'], { import: 'default' }),
  ),
  [TEXTS_CODE.es]: byNamespace(
    import.meta.glob<Record<string, unknown>>(['../../locales/es/*.json', '!**/common.json', '!**/auth.json'], { import: 'default' }),
  ),
};

/** Reads a namespace's file; a namespace a language does not translate is empty there (its texts fall back to en-US). */
const textsBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(code: string, namespace: string, callback: ReadCallback) {
    const file = textFiles[code]?.[namespace];
    if (!file) {
      callback(null, {});
      return;
    }
    file().then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();

const language = startLanguage();

void i18n.use(textsBackend).use(initReactI18next).init({
  lng: TEXTS_CODE[language],
  fallbackLng: LOCALE,
  supportedLngs: Object.values(TEXTS_CODE),
  load: 'currentOnly',
  ns: Object.keys(resources[LOCALE]),
  defaultNS: 'common',
  resources,
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
setFormatLanguage(language);
setServerTextTranslator((text) => serverText(i18n, text));
if (typeof document !== 'undefined') document.documentElement.lang = language;

/** The language the app shows now. */
export const currentLanguage = (): Language => (i18n.language === TEXTS_CODE.es ? 'es' : 'en');

/** The namespaces added so far beyond the first bundle's (addTexts). */
const added = new Set<string>();

/** Loads `namespaces` in language `code` where they are not yet (a namespace it does not translate: empty). */
const loadTexts = (code: string, namespaces: Iterable<string>) =>
  Promise.all(
    [...namespaces]
      .filter((namespace) => !i18n.hasResourceBundle(code, namespace))
      .map(async (namespace) => {
        const texts = (await textFiles[code]?.[namespace]?.()) ?? {};
        if (!i18n.hasResourceBundle(code, namespace)) i18n.addResourceBundle(code, namespace, texts);
      }),
  ).then(() => undefined);

/**
 * Adds namespace `namespace`'s en-US texts, which the module using it imports (`./texts/<namespace>`),
 * and starts loading the language shown's (the page waits for it: textsReady).
 */
export function addTexts(namespace: string, english: Record<string, unknown>) {
  if (!i18n.hasResourceBundle(LOCALE, namespace)) i18n.addResourceBundle(LOCALE, namespace, english);
  added.add(namespace);
  if (!i18n.options.ns || typeof i18n.options.ns === 'string') i18n.options.ns = [...(i18n.options.ns ? [i18n.options.ns] : [])];
  if (!i18n.options.ns.includes(namespace)) (i18n.options.ns as string[]).push(namespace);
  if (i18n.language !== LOCALE) void loadTexts(i18n.language, [namespace]);
}

/** Resolves once every namespace added so far has the shown language's texts too (lazyPage awaits it). */
export const textsReady = () => loadTexts(i18n.language, added);

/**
 * Every namespace's texts, at once, in en-US and `languages` (tests, which render any page without
 * its route's loading).
 */
export const loadAllTexts = (languages: Language[] = [currentLanguage()]) =>
  Promise.all(
    [...new Set([LOCALE, ...languages.map((l) => TEXTS_CODE[l])])].map((code) => loadTexts(code, Object.keys(textFiles[LOCALE]!))),
  ).then(() => {
    for (const namespace of Object.keys(textFiles[LOCALE]!)) added.add(namespace);
  });

let shownLanguage = language;

function showLanguage(next: Language) {
  setFormatLanguage(next);
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  if (i18n.language !== TEXTS_CODE[next]) void i18n.changeLanguage(TEXTS_CODE[next]);
}

/**
 * Shows the app in `language` from now on and keeps it as this device's choice (the account's
 * choice is the server's: see useAccountLanguage). The language's texts of every namespace added
 * so far are loaded first (if not yet), so that a page never mixes two languages.
 */
export function setLanguage(next: Language) {
  storeLanguage(next);
  shownLanguage = next;
  const code = TEXTS_CODE[next];
  if ([...added].every((namespace) => i18n.hasResourceBundle(code, namespace))) showLanguage(next);
  else
    void loadTexts(code, added).then(() => {
      if (shownLanguage === next) showLanguage(next);
    });
}

export type { Language } from './language';
export { LANGUAGES } from './language';
