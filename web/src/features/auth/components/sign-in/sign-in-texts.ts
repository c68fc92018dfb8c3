import { signIn as enSignIn } from '@/locales/en-US/auth.json';
import { appName, form as enForm, links as enLinks, serverMessages as enServerMessages, tagline as enTagline, validation as enValidation } from '@/locales/en-US/common.json';
import { signIn as esSignIn } from '@/locales/es/auth.json';
import { form as esForm, links as esLinks, serverMessages as esServerMessages, tagline as esTagline, validation as esValidation } from '@/locales/es/common.json';
import type { Language } from '@/lib/i18n/language';
import { translateServerText } from '@/lib/i18n/server-text';

/**
 * The sign-in page's texts in each language, straight from the locale files (the page starts
 * without i18next: the bundle budget, scripts/check-bundle-size.mjs).
 */
const TEXTS = {
  en: { signIn: enSignIn, form: enForm, links: enLinks, validation: enValidation, appName, tagline: enTagline },
  es: { signIn: esSignIn, form: esForm, links: esLinks, validation: esValidation, appName, tagline: esTagline },
};

export type SignInTexts = (typeof TEXTS)['en'];

export const signInTexts = (language: Language): SignInTexts => TEXTS[language];

/** A server sentence (e.g. the 403 of a driver whose company declined) in `language`. */
export const signInServerText = (language: Language, text: string): string =>
  language === 'en' ? text : translateServerText(enServerMessages, esServerMessages, text);
