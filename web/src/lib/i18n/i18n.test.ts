import { afterEach, describe, expect, it } from 'vitest';
import { errorMessage, fieldErrors } from '@/lib/api/errors';
import { formatMonthDayTime } from '@/lib/format';
import { currentLanguage, i18n, loadAllTexts, setLanguage } from './index';
import { browserLanguage, clearStorageKeepingLanguage, startLanguage } from './language';
import { namespaceOf } from './namespace';
import { translateServerText } from './server-text';

const allFiles = Object.keys(import.meta.glob('../../locales/en-US/*.json'));

afterEach(() => {
  setLanguage('en');
  localStorage.clear();
});

/** The app's source files (not tests), as text. */
const sources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../**/*.d.ts', '!../../test/**', '!../../lib/i18n/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

/** The namespaces beyond the first bundle's (common, auth). */
const laterNamespaces = allFiles.map(namespaceOf).filter((ns) => !['auth', 'common'].includes(ns));

/** The namespaces a source file uses: useTranslation('x') or (['x', …]), keys 'x:…', { ns: 'x' }. */
function namespacesUsed(source: string): string[] {
  const alternatives = laterNamespaces.join('|');
  const found = new Set<string>();
  const patterns = [
    /useTranslation\(\s*\[([^\]]*)\]/g,
    /useTranslation\(\s*['"](\w+)['"]/g,
    new RegExp(`['"\`](${alternatives}):`, 'g'),
    /\bns:\s*['"](\w+)['"]/g,
    /\bns:\s*\[([^\]]*)\]/g,
  ];
  for (const pattern of patterns)
    for (const match of source.matchAll(pattern)) for (const name of match[1]!.match(/\w+/g) ?? []) if (laterNamespaces.includes(name)) found.add(name);
  return [...found].sort();
}

describe('texts by namespace', () => {
  it('keeps only common and auth in the first bundle', () => {
    expect(i18n.options.ns).toEqual(expect.arrayContaining(['auth', 'common']));
    expect(laterNamespaces).toContain('ifta');
  });

  it('finds the namespaces a file uses', () => {
    expect(namespacesUsed("const { t } = useTranslation(['ifta', 'common']); t('vehicles:title'); t(`alerts:kinds.${k}`); i18n.t(key, { ns: 'payments' })")).toEqual([
      'alerts',
      'ifta',
      'payments',
      'vehicles',
    ]);
  });

  it("has every file that uses a namespace import its texts, so that they load with that file's page", () => {
    const missing = Object.entries(sources).flatMap(([file, source]) =>
      namespacesUsed(source)
        .filter((namespace) => !source.includes(`import '@/lib/i18n/texts/${namespace}';`))
        .map((namespace) => `${file.replace('../../', 'src/')} uses ${namespace}: import '@/lib/i18n/texts/${namespace}';`),
    );
    expect(missing).toEqual([]);
    expect(Object.keys(sources).length).toBeGreaterThan(100);
  });

  it("loads every namespace, in en-US and the language shown (tests' loadAllTexts)", async () => {
    await loadAllTexts(['es']);
    for (const namespace of allFiles.map(namespaceOf)) expect(i18n.hasResourceBundle('en-US', namespace)).toBe(true);
    expect(i18n.hasResourceBundle('es', 'transactions')).toBe(true);
    expect(i18n.t('dashboard:title', { defaultValue: '' })).not.toBe('');
  });
});

describe('the language', () => {
  it.each([
    [['es-MX', 'en-US'], 'es'],
    [['es'], 'es'],
    [['en-US', 'es-US'], 'en'],
    [['fr-FR', 'es-419'], 'es'],
    [['fr-FR'], 'en'],
    [[], 'en'],
  ])("follows the browser's list %j → %s", (languages, expected) => {
    expect(browserLanguage(languages)).toBe(expected);
  });

  it('prefers the choice stored on this device, which sign-in and sign-out keep', () => {
    expect(startLanguage()).toBe('en');
    setLanguage('es');
    localStorage.setItem('token', 't');
    clearStorageKeepingLanguage();
    expect(localStorage.getItem('token')).toBeNull();
    expect(startLanguage()).toBe('es');
  });

  it('switches the texts, the dates and the page language; an English-only text stays English', async () => {
    await loadAllTexts();
    setLanguage('es');
    expect(currentLanguage()).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(i18n.t('transactions:declineReasons.DAILY_LIMIT')).toBe('Supera el límite diario');
    expect(i18n.t('payments:modalTitle')).toBe(i18n.getResource('en-US', 'payments', 'modalTitle'));
    expect(i18n.t('fuelCards:title')).toBe('Tarjetas de combustible');
    expect(formatMonthDayTime('2026-11-20T15:52:00Z')).toMatch(/^20 nov, \d+:52 [AP]M$/);
    setLanguage('en');
    expect(i18n.t('transactions:declineReasons.DAILY_LIMIT')).toBe('Over the daily limit');
    expect(formatMonthDayTime('2026-11-20T15:52:00Z')).toMatch(/^Nov 20, \d+:52 [AP]M$/);
  });
});

describe("the server's sentences", () => {
  const rtkError = (message: unknown) => ({ status: 400, data: { status: 400, message } });

  it('are shown by key in the current language, the unknown ones as they came', () => {
    setLanguage('es');
    expect(errorMessage(rtkError('This email is already in use'), 'x')).toBe('Este correo electrónico ya está en uso');
    expect(errorMessage(rtkError('Something new the app has no key for'), 'x')).toBe('Something new the app has no key for');
    expect(fieldErrors(rtkError({ email: ['This email is already in use'], phoneNumber: ['please enter a valid phone number'] }))).toEqual({
      email: 'Este correo electrónico ya está en uso',
      phoneNumber: 'Ingrese un número de teléfono válido',
    });
    setLanguage('en');
    expect(errorMessage(rtkError('This email is already in use'), 'x')).toBe('This email is already in use');
  });

  it('carry the figures of a sentence with placeholders into its translation', () => {
    const english = { odometerRange: "The vehicle's last reading is {{last}} miles: a reading now must be from {{min}} to {{max}} miles" };
    const spanish = { odometerRange: 'La última lectura del vehículo es de {{last}} millas: una lectura ahora debe ser de {{min}} a {{max}} millas' };
    expect(translateServerText(english, spanish, "The vehicle's last reading is 500,000 miles: a reading now must be from 500,000 to 500,240 miles")).toBe(
      'La última lectura del vehículo es de 500,000 millas: una lectura ahora debe ser de 500,000 a 500,240 millas',
    );
    // Another sentence, or the same with other words around the figures, is not it.
    expect(translateServerText(english, spanish, 'The vehicle was sold')).toBe('The vehicle was sold');
  });

  it('fall back to English when a translation lacks the key', () => {
    expect(translateServerText({ taken: 'Taken' }, {}, 'Taken')).toBe('Taken');
    expect(translateServerText({ taken: 'Taken' }, { taken: 'Ocupado' }, ' taken ')).toBe('Ocupado');
  });
});
