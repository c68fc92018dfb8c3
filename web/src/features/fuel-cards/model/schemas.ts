import type { TFunction } from 'i18next';
import { z } from 'zod';

import { BODY_MAX_LENGTH } from '@/lib/forms';
import '@/lib/i18n/texts/fuelCards';

const LIMITS = BODY_MAX_LENGTH.CardUpdate;

/**
 * Edit fuel card: driver name, driver ID and unit number all required (docs/product.md §5), at most
 * the contract's lengths.
 */
/** What the pump asks the driver on a card; default: the company default's (docs/product.md, Pump prompts). */
export const CARD_PROMPTS = ['default', 'none', 'driverId', 'unitNumber', 'odometer', 'driverIdAndOdometer'] as const;

export const editCardSchema = (t: TFunction) =>
  z.object({
    prompt: z.enum(CARD_PROMPTS),
    driverName: z
      .string()
      .trim()
      .min(1, t('fuelCards:edit.driverNameRequired'))
      .max(LIMITS.driverName, t('fuelCards:edit.driverNameMax', { max: LIMITS.driverName })),
    driverId: z
      .string()
      .trim()
      .min(1, t('fuelCards:edit.driverIdRequired'))
      .max(LIMITS.driverId, t('fuelCards:edit.driverIdMax', { max: LIMITS.driverId })),
    unitNumber: z
      .string()
      .trim()
      .min(1, t('fuelCards:edit.unitNumberRequired'))
      .max(LIMITS.unitNumber, t('fuelCards:edit.unitNumberMax', { max: LIMITS.unitNumber })),
    /** The card's group: '' for none, else the group's id (owners and admins choose it). */
    groupId: z.string(),
  });

export type EditCardValues = z.output<ReturnType<typeof editCardSchema>>;
export const EDIT_CARD_FIELDS = ['driverName', 'driverId', 'unitNumber', 'prompt', 'groupId'] as const;

const ORDER_LIMITS = BODY_MAX_LENGTH.CardOrder;

/** The card types an owner may order (docs/issuing.md). */
export const CARD_TYPES = ['virtual', 'physical'] as const;

/** Order card: the edit form's driver fields and the card type (docs/issuing.md). */
export const orderCardSchema = (t: TFunction) =>
  z.object({
    driverName: z
      .string()
      .trim()
      .min(1, t('fuelCards:edit.driverNameRequired'))
      .max(ORDER_LIMITS.driverName, t('fuelCards:edit.driverNameMax', { max: ORDER_LIMITS.driverName })),
    driverId: z
      .string()
      .trim()
      .min(1, t('fuelCards:edit.driverIdRequired'))
      .max(ORDER_LIMITS.driverId, t('fuelCards:edit.driverIdMax', { max: ORDER_LIMITS.driverId })),
    unitNumber: z
      .string()
      .trim()
      .min(1, t('fuelCards:edit.unitNumberRequired'))
      .max(ORDER_LIMITS.unitNumber, t('fuelCards:edit.unitNumberMax', { max: ORDER_LIMITS.unitNumber })),
    type: z.enum(CARD_TYPES, { message: t('fuelCards:order.typeRequired') }),
  });

export type OrderCardValues = z.output<ReturnType<typeof orderCardSchema>>;
export const ORDER_CARD_FIELDS = ['driverName', 'driverId', 'unitNumber', 'type'] as const;
