import type { TFunction } from 'i18next';
import { formatDollars, formatLocale } from '@/lib/format';
import type { DriverCard } from '../api/transactions-api';
import '@/lib/i18n/texts/transactions';

/** What the card is locked to while its active trip locks it (from the trips feature). */
export interface CardLock {
  nextStopName: string | null;
  gallons: number | null;
}

const dollars = (amount: number) => formatDollars(amount).replace(/\.00$/, '');
const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toLocaleString('en-US', { maximumFractionDigits: 1 });

/** "05:00" → "5 AM", "22:30" → "10:30 PM". */
export function clockText(hhmm: string): string {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  return minutes ? `${hour}:${String(minutes).padStart(2, '0')} ${suffix}` : `${hour} ${suffix}`;
}

/** The time zone's name in the app's language ("Central Time", es "hora central"), else its IANA name. */
export function zoneName(timeZone: string, at: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat(formatLocale(), { timeZone, timeZoneName: 'longGeneric' }).formatToParts(at);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** A list in words: "a", "a and b", "a, b and c". */
function listText(t: TFunction, items: string[]): string {
  if (items.length <= 1) return items.join('');
  return t('transactions:card.list', { items: items.slice(0, -1).join(', '), last: items.at(-1) });
}

/**
 * The card's rules and lock as the driver reads them, one phrase each:
 * "$500 a day, $306 left today", "diesel and DEF", "5 AM–10 PM Central Time", "locked to plan: next stop …".
 */
export function cardRulePhrases(t: TFunction, card: DriverCard, lock: CardLock | null): string[] {
  const { controls, left } = card;
  const phrases: string[] = [];
  const money = (limit: number | null | undefined, remaining: number | null, key: string) => {
    if (limit == null) return;
    phrases.push(
      remaining == null
        ? t(`transactions:card.${key}`, { limit: dollars(limit) })
        : t(`transactions:card.${key}Left`, { limit: dollars(limit), left: dollars(remaining) }),
    );
  };
  money(controls.dailyLimit, left.daily, 'daily');
  money(controls.weeklyLimit, left.weekly, 'weekly');
  money(controls.monthlyBudget, left.monthly, 'monthly');
  if (controls.perPurchaseLimit != null) phrases.push(t('transactions:card.perPurchase', { limit: dollars(controls.perPurchaseLimit) }));
  if (controls.dailyGallonsLimit != null)
    phrases.push(
      t('transactions:card.gallonsLeft', { limit: oneDecimal(controls.dailyGallonsLimit), left: oneDecimal(left.dailyGallons ?? 0) }),
    );
  if (controls.dailyPurchasesLimit != null)
    phrases.push(t('transactions:card.purchasesLeft', { count: controls.dailyPurchasesLimit, left: left.dailyPurchases ?? 0 }));
  if (controls.allowedProducts?.length)
    phrases.push(listText(t, controls.allowedProducts.map((code) => t(`transactions:products.${code}`).toLocaleLowerCase())).replace(/\bdef\b/g, 'DEF'));
  if (controls.allowedDays?.length) phrases.push(listText(t, controls.allowedDays.map((day) => t(`transactions:card.days.${day}`))));
  // The hours count on the company's clock: said with its zone, for a driver in another one.
  if (controls.allowedHours)
    phrases.push(
      t('transactions:card.hours', { from: clockText(controls.allowedHours.from), to: clockText(controls.allowedHours.to), zone: zoneName(card.timeZone) }),
    );
  if (controls.allowedStates?.length) phrases.push(t('transactions:card.states', { states: listText(t, controls.allowedStates) }));
  if (controls.allowedChains?.length) phrases.push(t('transactions:card.chains', { chains: listText(t, controls.allowedChains) }));
  if (controls.blockedChains?.length) phrases.push(t('transactions:card.blocked', { chains: listText(t, controls.blockedChains) }));
  if (controls.tankCapacityGallons != null) phrases.push(t('transactions:card.tank', { gallons: oneDecimal(controls.tankCapacityGallons) }));
  if (lock)
    phrases.push(
      lock.nextStopName
        ? t('transactions:card.lockedNext', { name: lock.nextStopName, gallons: oneDecimal(lock.gallons ?? 0) })
        : t('transactions:card.locked'),
    );
  return phrases;
}
