import { afterEach, describe, expect, it } from 'vitest';
import { errorMessage, fieldErrors } from '@/lib/api/errors';
import { formatMonthDayTime } from '@/lib/format';
import { currentLanguage, i18n, loadAllTexts, setLanguage } from './index';
import { browserLanguage, clearStorageKeepingLanguage, startLanguage } from './language';
import { namespaceOf } from './namespace';
import { moreTexts as englishTexts } from './more-texts-en-US';
import { moreTexts as spanishTexts } from './more-texts-es';
import { translateServerText } from './server-text';

const allFiles = Object.keys(import.meta.glob('../../locales/en-US/*.json'));

afterEach(() => {
  setLanguage('en');
  localStorage.clear();
});

describe('en-US texts', () => {
  it('keeps only common and auth in the first bundle; every other namespace loads with loadAllTexts', async () => {
    const first = ['auth', 'common'];
    expect(Object.keys(englishTexts).sort()).toEqual(allFiles.map(namespaceOf).filter((ns) => !first.includes(ns)).sort());
    expect(Object.keys(spanishTexts)).not.toContain('common');
    expect(Object.keys(spanishTexts)).toContain('transactions');
    expect(i18n.options.ns).toEqual(expect.arrayContaining(first));
    await loadAllTexts();
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
