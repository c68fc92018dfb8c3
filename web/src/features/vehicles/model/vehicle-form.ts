import type { TFunction } from 'i18next';
import { z } from 'zod';
import { BODY_FIELD_PATTERN, BODY_MAX_LENGTH, BODY_MAXIMUM, BODY_MINIMUM, TEXT_PATTERN } from '@/lib/forms';
import { groupChoice } from '@/lib/groups';
import type { Vehicle, VehicleInput } from '../api/vehicles-api';
import { PLATE_STATE_CODES } from './jurisdictions';
import '@/lib/i18n/texts/vehicles';

/** The contract's bounds of a vehicle (VehicleInput in http/openapi.json, generated into limits.ts). */
export const VEHICLE_LIMITS = {
  unitNumber: BODY_MAX_LENGTH.VehicleInput.unitNumber,
  vin: BODY_MAX_LENGTH.VehicleInput.vin,
  plate: BODY_MAX_LENGTH.VehicleInput.plate,
  tankMin: BODY_MINIMUM.VehicleInput.tankCapacityGallons.value,
  tankMax: BODY_MAXIMUM.VehicleInput.tankCapacityGallons,
  tankDecimals: 3,
} as const;

const VIN_PATTERN = new RegExp(BODY_FIELD_PATTERN.VehicleInput.vin);
const PLATE_PATTERN = new RegExp(BODY_FIELD_PATTERN.VehicleInput.plate);
const NUMBER_PATTERN = /^\d+(\.\d+)?$/;

const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_VALUES: Record<string, number> = {};
for (const [value, letters] of ['AJ', 'BKS', 'CLT', 'DMU', 'ENV', 'FW', 'GPX', 'HY', 'RZ'].entries()) {
  for (const letter of letters) VIN_VALUES[letter] = value + 1;
}
for (let digit = 0; digit <= 9; digit++) VIN_VALUES[String(digit)] = digit;

/** The North American check digit of a VIN of the right shape ('0'–'9' or 'X'), as the server computes it. */
export function vinCheckDigit(vin: string): string {
  const sum = [...vin].reduce((total, char, i) => total + (VIN_VALUES[char] ?? 0) * VIN_WEIGHTS[i]!, 0);
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/**
 * The vehicle form: the server's rules (docs/product.md, Vehicles). The VIN is required only for an
 * IFTA-qualified vehicle; a plate needs its state or province.
 */
export const vehicleSchema = (t: TFunction) =>
  z
    .object({
      unitNumber: z
        .string()
        .trim()
        .min(1, t('vehicles:form.errors.unitNumberRequired'))
        .max(VEHICLE_LIMITS.unitNumber, t('vehicles:form.errors.unitNumberMax', { max: VEHICLE_LIMITS.unitNumber }))
        .regex(TEXT_PATTERN, t('common:validation.invalidCharacters')),
      vin: z
        .string()
        .trim()
        .transform((value) => value.toUpperCase())
        .superRefine((value, ctx) => {
          if (value === '') return;
          if (!VIN_PATTERN.test(value)) ctx.addIssue({ code: 'custom', message: t('vehicles:form.errors.vinInvalid') });
          else if (value[8] !== vinCheckDigit(value)) ctx.addIssue({ code: 'custom', message: t('vehicles:form.errors.vinCheckDigit') });
        }),
      plate: z
        .string()
        .trim()
        .transform((value) => value.toUpperCase())
        .refine((value) => value.length <= VEHICLE_LIMITS.plate, t('vehicles:form.errors.plateMax', { max: VEHICLE_LIMITS.plate }))
        .refine((value) => value === '' || PLATE_PATTERN.test(value), t('vehicles:form.errors.plateInvalid')),
      plateState: z.string().refine((value) => value === '' || PLATE_STATE_CODES.includes(value), t('vehicles:form.errors.plateStateInvalid')),
      fuelType: z.enum(['diesel', 'gasoline']),
      tankCapacityGallons: z
        .string()
        .trim()
        .superRefine((value, ctx) => {
          const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
          const { tankMin, tankMax, tankDecimals } = VEHICLE_LIMITS;
          const bounds = t('vehicles:form.errors.tankBounds', { min: tankMin, max: tankMax });
          if (value === '') return issue(t('vehicles:form.errors.tankRequired'));
          if (!NUMBER_PATTERN.test(value)) return issue(bounds);
          if ((value.split('.')[1] ?? '').length > tankDecimals) return issue(t('vehicles:form.errors.tankDecimals', { count: tankDecimals }));
          const number = Number(value);
          if (number < tankMin || number > tankMax) issue(bounds);
        })
        .transform(Number),
      iftaQualified: z.boolean(),
      active: z.boolean(),
      /** The vehicle's group: '' for none, else the group's id (owners and admins choose it; PUT …/group). */
      groupId: z.string(),
    })
    .superRefine((values, ctx) => {
      if (values.iftaQualified && values.vin === '') {
        ctx.addIssue({ code: 'custom', path: ['vin'], message: t('vehicles:form.errors.vinRequired') });
      }
      if (values.plate !== '' && values.plateState === '') {
        ctx.addIssue({ code: 'custom', path: ['plateState'], message: t('vehicles:form.errors.plateStateRequired') });
      }
    });

export type VehicleFormInput = z.input<ReturnType<typeof vehicleSchema>>;
export type VehicleFormValues = z.output<ReturnType<typeof vehicleSchema>>;
export const VEHICLE_FIELDS = ['unitNumber', 'vin', 'plate', 'plateState', 'fuelType', 'tankCapacityGallons', 'iftaQualified', 'active', 'groupId'] as const;

/** The form's starting values: the vehicle's, or a new active diesel tractor. */
export function vehicleFormDefaults(vehicle?: Vehicle): VehicleFormInput {
  if (!vehicle) {
    return { unitNumber: '', vin: '', plate: '', plateState: '', fuelType: 'diesel', tankCapacityGallons: '', iftaQualified: true, active: true, groupId: '' };
  }
  return {
    unitNumber: vehicle.unitNumber,
    vin: vehicle.vin,
    plate: vehicle.plate,
    plateState: vehicle.plateState,
    fuelType: vehicle.fuelType,
    tankCapacityGallons: String(vehicle.tankCapacityGallons),
    iftaQualified: vehicle.iftaQualified,
    active: vehicle.active,
    groupId: groupChoice(vehicle.groupId),
  };
}

/** The request body of the checked form. */
export const toVehicleInput = ({ groupId: _group, ...values }: VehicleFormValues): VehicleInput => values;
