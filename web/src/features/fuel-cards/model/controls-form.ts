import type { TFunction } from 'i18next';
import { z } from 'zod';
import { BODY_MAXIMUM, BODY_MINIMUM } from '@/lib/forms';
import type { CompanyControls, Controls } from '../api/controls-api';
import { DAY_CODES, PRODUCT_CODES, type DayCode, type ProductCode } from './control-codes';
import { STATE_CODES } from './us-states';
import '@/lib/i18n/texts/fuelCards';

/** Decimals each numeric rule takes: dollars to the cent, gallons to the thousandth, purchases whole. */
const CONTROL_DECIMALS = {
  perPurchaseLimit: 2,
  dailyLimit: 2,
  weeklyLimit: 2,
  monthlyBudget: 2,
  dailyGallonsLimit: 3,
  tankCapacityGallons: 3,
  reeferTankGallons: 3,
  dailyPurchasesLimit: 0,
} as const;

/**
 * Bounds of each numeric rule, from the contract (Controls in http/openapi.json, generated into
 * limits.ts): above 0 (or at least its minimum) and at most its maximum. "Nothing may be bought"
 * is an empty allowed-products or allowed-days rule, not a 0 limit.
 */
export const CONTROL_BOUNDS = Object.fromEntries(
  (Object.keys(CONTROL_DECIMALS) as (keyof typeof CONTROL_DECIMALS)[]).map((field) => [
    field,
    { max: BODY_MAXIMUM.Controls[field], min: BODY_MINIMUM.Controls[field], decimals: CONTROL_DECIMALS[field] },
  ]),
) as { [F in keyof typeof CONTROL_DECIMALS]: { max: number; min: { value: number; exclusive: boolean }; decimals: number } };

export type NumericControl = keyof typeof CONTROL_BOUNDS;
export const NUMERIC_CONTROLS = Object.keys(CONTROL_BOUNDS) as NumericControl[];

const HOUR_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const NUMBER_PATTERN = /^\d+(\.\d+)?$/;

/** One numeric field as typed: '' = no rule, else a number within its bounds. */
const numericField = (t: TFunction, field: NumericControl) => {
  const { max, min, decimals } = CONTROL_BOUNDS[field];
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') return;
      const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
      if (value.startsWith('-') && NUMBER_PATTERN.test(value.slice(1))) return issue(t('fuelCards:controls.errors.negative'));
      if (!NUMBER_PATTERN.test(value)) return issue(t('fuelCards:controls.errors.notNumber'));
      const fraction = value.split('.')[1] ?? '';
      if (decimals === 0 && fraction.length > 0) return issue(t('fuelCards:controls.errors.wholeNumber'));
      if (fraction.length > decimals) return issue(t('fuelCards:controls.errors.decimals', { count: decimals }));
      const number = Number(value);
      if (min.exclusive ? number <= min.value : number < min.value) {
        return issue(t(min.exclusive ? 'fuelCards:controls.errors.above' : 'fuelCards:controls.errors.min', { min: min.value.toLocaleString('en-US') }));
      }
      if (number > max) return issue(t('fuelCards:controls.errors.max', { max: max.toLocaleString('en-US') }));
    })
    .transform((value) => (value === '' ? null : Number(value)));
};

const hourField = (t: TFunction) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || HOUR_PATTERN.test(value), t('fuelCards:controls.errors.hourFormat'));

/** The controls form: text for numbers (so '' means "no rule"), lists for the choices. */
export const controlsSchema = (t: TFunction) =>
  z
    .object({
      perPurchaseLimit: numericField(t, 'perPurchaseLimit'),
      dailyLimit: numericField(t, 'dailyLimit'),
      weeklyLimit: numericField(t, 'weeklyLimit'),
      monthlyBudget: numericField(t, 'monthlyBudget'),
      dailyGallonsLimit: numericField(t, 'dailyGallonsLimit'),
      dailyPurchasesLimit: numericField(t, 'dailyPurchasesLimit'),
      tankCapacityGallons: numericField(t, 'tankCapacityGallons'),
      reeferTankGallons: numericField(t, 'reeferTankGallons'),
      allowedProducts: z.array(z.enum(PRODUCT_CODES)),
      allowedDays: z.array(z.enum(DAY_CODES)),
      hoursFrom: hourField(t),
      hoursTo: hourField(t),
      allowedStates: z.array(z.enum(STATE_CODES)),
      allowedChains: z.array(z.string()),
      blockedChains: z.array(z.string()),
      timeZone: z.string().optional(),
    })
    .superRefine((values, ctx) => {
      const from = values.hoursFrom;
      const to = values.hoursTo;
      if ((from === '') !== (to === '')) {
        ctx.addIssue({ code: 'custom', path: [from === '' ? 'hoursFrom' : 'hoursTo'], message: t('fuelCards:controls.errors.hoursBoth') });
      } else if (from !== '' && from === to) {
        ctx.addIssue({ code: 'custom', path: ['hoursTo'], message: t('fuelCards:controls.errors.hoursSame') });
      }
      const both = values.blockedChains.filter((chain) => values.allowedChains.includes(chain));
      if (both.length > 0) {
        ctx.addIssue({ code: 'custom', path: ['blockedChains'], message: t('fuelCards:controls.errors.chainsOverlap') });
      }
    });

export type ControlsFormInput = z.input<ReturnType<typeof controlsSchema>>;
export type ControlsFormOutput = z.output<ReturnType<typeof controlsSchema>>;

/** Every field name of the form, for server field errors. */
export const CONTROLS_FORM_FIELDS = [
  ...NUMERIC_CONTROLS,
  'allowedProducts',
  'allowedDays',
  'hoursFrom',
  'hoursTo',
  'allowedStates',
  'allowedChains',
  'blockedChains',
  'timeZone',
] as const;

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The form's starting values from a saved controls object (null and absent → empty). */
export function controlsToForm(controls: Controls | CompanyControls): ControlsFormInput {
  return {
    perPurchaseLimit: text(controls.perPurchaseLimit),
    dailyLimit: text(controls.dailyLimit),
    weeklyLimit: text(controls.weeklyLimit),
    monthlyBudget: text(controls.monthlyBudget),
    dailyGallonsLimit: text(controls.dailyGallonsLimit),
    dailyPurchasesLimit: text(controls.dailyPurchasesLimit),
    tankCapacityGallons: text(controls.tankCapacityGallons),
    reeferTankGallons: text(controls.reeferTankGallons),
    allowedProducts: controls.allowedProducts ?? [],
    allowedDays: controls.allowedDays ?? [],
    hoursFrom: controls.allowedHours?.from ?? '',
    hoursTo: controls.allowedHours?.to ?? '',
    allowedStates: controls.allowedStates ?? [],
    allowedChains: controls.allowedChains ?? [],
    blockedChains: controls.blockedChains ?? [],
    timeZone: 'timeZone' in controls ? controls.timeZone : undefined,
  };
}

const listOrNull = <T>(values: T[]): T[] | null => (values.length > 0 ? values : null);

/** The PUT body: every field present, null where the form is empty (no rule). */
export function formToControls(values: ControlsFormOutput): Required<Controls> {
  return {
    perPurchaseLimit: values.perPurchaseLimit,
    dailyLimit: values.dailyLimit,
    dailyGallonsLimit: values.dailyGallonsLimit,
    weeklyLimit: values.weeklyLimit,
    dailyPurchasesLimit: values.dailyPurchasesLimit,
    allowedProducts: listOrNull<ProductCode>(values.allowedProducts),
    allowedStates: listOrNull(values.allowedStates),
    allowedDays: listOrNull<DayCode>(DAY_CODES.filter((day) => values.allowedDays.includes(day))),
    allowedHours: values.hoursFrom !== '' && values.hoursTo !== '' ? { from: values.hoursFrom, to: values.hoursTo } : null,
    allowedChains: listOrNull(values.allowedChains),
    blockedChains: listOrNull(values.blockedChains),
    tankCapacityGallons: values.tankCapacityGallons,
    reeferTankGallons: values.reeferTankGallons,
    monthlyBudget: values.monthlyBudget,
  };
}

/**
 * The form field a server field error belongs to: "allowedHours.from" → hoursFrom, "allowedHours"
 * → hoursFrom, "allowedStates[2]" → allowedStates; undefined when the form has no such field.
 */
export function formFieldOf(serverField: string): (typeof CONTROLS_FORM_FIELDS)[number] | undefined {
  if (serverField === 'allowedHours.to') return 'hoursTo';
  if (serverField.startsWith('allowedHours')) return 'hoursFrom';
  const base = serverField.replace(/[.[].*$/, '');
  return (CONTROLS_FORM_FIELDS as readonly string[]).includes(base) ? (base as (typeof CONTROLS_FORM_FIELDS)[number]) : undefined;
}

/** Whether any rule is set (a card row's "Controls" badge counts the inherited ones too, from the server). */
export function hasAnyRule(controls: Controls): boolean {
  return Object.entries(controls).some(([key, value]) => key !== 'timeZone' && value !== null && value !== undefined);
}
