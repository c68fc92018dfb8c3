import type { TFunction } from 'i18next';
import { z } from 'zod';
import '@/lib/i18n/texts/trips';

/** Re-plan inputs as typed; numbers once valid. */
export interface ReplanFormInput {
  latitude: string;
  longitude: string;
  currentFuel: string;
}

const numberIn = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((text) => text !== '' && Number.isFinite(Number(text)) && Number(text) >= min && Number(text) <= max, { message })
    .transform(Number);

/** Position within the globe, fuel between empty and the trip's tank capacity. */
export function replanFormSchema(t: TFunction, tankCapacity: number) {
  return z.object({
    latitude: numberIn(-90, 90, t('trips:replan.latitudeInvalid')),
    longitude: numberIn(-180, 180, t('trips:replan.longitudeInvalid')),
    currentFuel: numberIn(0, tankCapacity, t('trips:replan.fuelInvalid', { max: tankCapacity })),
  });
}
