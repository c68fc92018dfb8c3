import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '@/locales/en-US/transactions.json';
import type { DriverCard } from '../api/transactions-api';
import { cardRulePhrases, clockText } from './card-rules';

const t = i18next.createInstance();
await t.init({ lng: 'en', resources: { en: { transactions: en } }, interpolation: { escapeValue: false } });

const card = (controls: Partial<DriverCard['controls']>, left: Partial<DriverCard['left']> = {}): DriverCard => ({
  cardNumber: '7071000000000004321',
  status: 'ACTIVE',
  issuer: 'network',
  issuerCardId: null,
  overrideLiftsPrompt: false,
  pumpCheck: false,
  prompts: { driverId: null, unitNumber: null, odometer: false },
  controls: controls as DriverCard['controls'],
  timeZone: 'America/Chicago',
  left: { daily: null, dailyGallons: null, dailyPurchases: null, weekly: null, monthly: null, ...left },
  overrideUntil: null,
  vehicleTankGallons: null,
  shipping: null,
  asOf: '2026-11-27T12:00:00Z',
});

describe('cardRulePhrases', () => {
  it('says the limits with what is left, the products, the hours and the lock', () => {
    const phrases = cardRulePhrases(
      t.t,
      card({ dailyLimit: 500, allowedProducts: ['DSL', 'DEF'], allowedHours: { from: '05:00', to: '22:00' } }, { daily: 306 }),
      { nextStopName: 'TA Fort Worth #321', gallons: 18.1 },
    );
    expect(phrases.join(' · ')).toBe('$500 a day, $306 left today · diesel and DEF · 5 AM–10 PM Central Time · locked to plan: next stop TA Fort Worth #321, 18.1\u00a0gal');
  });

  it("says the hours on the company's clock with its zone", () => {
    const phrases = cardRulePhrases(t.t, { ...card({ allowedHours: { from: '06:00', to: '18:30' } }), timeZone: 'America/Denver' }, null);
    expect(phrases).toEqual(['6 AM–6:30 PM Mountain Time']);
  });

  it('says nothing for a card without rules', () => {
    expect(cardRulePhrases(t.t, card({}), null)).toEqual([]);
  });
});

describe('clockText', () => {
  it('reads a 24-hour clock as people say it', () => {
    expect(clockText('00:00')).toBe('12 AM');
    expect(clockText('12:30')).toBe('12:30 PM');
    expect(clockText('22:00')).toBe('10 PM');
  });
});
