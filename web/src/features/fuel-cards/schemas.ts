import type { TFunction } from 'i18next';
import { z } from 'zod';

/** Edit fuel card: driver name, driver ID and unit number all required (SPEC §5). */
export const editCardSchema = (t: TFunction) =>
  z.object({
    driverName: z.string().trim().min(1, t('fuelCards:edit.driverNameRequired')),
    driverId: z.string().trim().min(1, t('fuelCards:edit.driverIdRequired')),
    unitNumber: z.string().trim().min(1, t('fuelCards:edit.unitNumberRequired')),
  });

export type EditCardValues = z.output<ReturnType<typeof editCardSchema>>;
export const EDIT_CARD_FIELDS = ['driverName', 'driverId', 'unitNumber'] as const;
