import type { TFunction } from 'i18next';
import { priceAge } from '../model/price-age';
import type { Station } from '../model/types';

/** "Price from 2 h ago" for a station at `now`; `stale` as the server judged it (older than 48 h). */
export function priceAgeText(t: TFunction<'planner'>, station: Pick<Station, 'retailPriceDate' | 'stale'>, now: number) {
  const age = priceAge(station.retailPriceDate, now);
  const text = age === null ? t('priceAge.unknown') : t(`priceAge.${age.unit}`, { count: age.count });
  return { text, stale: station.stale };
}
