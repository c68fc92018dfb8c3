import type { TFunction } from 'i18next';
import { z } from 'zod';
import { formatMonthDayTime, viewerTime } from '@/lib/format';
import { BODY_MAXIMUM, BODY_MINIMUM } from '@/lib/forms';
import '@/lib/i18n/texts/fuelCards';

/** An override lasts 1 to 168 hours (a week; OverrideGrant in http/openapi.json), 24 unless the owner says otherwise. */
export const OVERRIDE_HOURS = { min: BODY_MINIMUM.OverrideGrant.hours.value, max: BODY_MAXIMUM.OverrideGrant.hours, default: 24 } as const;

export const overrideSchema = (t: TFunction) =>
  z.object({
    hours: z
      .string()
      .trim()
      .min(1, t('fuelCards:override.errors.hoursRange', OVERRIDE_HOURS))
      .refine((value) => /^\d+$/.test(value) && Number(value) >= OVERRIDE_HOURS.min && Number(value) <= OVERRIDE_HOURS.max, t('fuelCards:override.errors.hoursRange', OVERRIDE_HOURS))
      .transform(Number),
    liftsPrompt: z.boolean(),
  });

export type OverrideFormOutput = z.output<ReturnType<typeof overrideSchema>>;

/** Whether an override end time is still ahead. */
export const overrideActive = (until: string | null | undefined, now: Date = new Date()): until is string =>
  typeof until === 'string' && until !== '' && viewerTime(until).isAfter(now);

/** "Nov 25, 3:04 PM" in the viewer's zone. */
export const formatUntil = formatMonthDayTime;
