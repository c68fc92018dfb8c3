import type { TFunction } from 'i18next';
import { z } from 'zod';
import {
  DEFAULT_MIN_GALLONS_PURCHASE,
  DEFAULT_PLAN_SEARCH_RADIUS,
  MAX_PLAN_SEARCH_RADIUS,
  MAX_TANK_GALLONS,
  MIN_GALLONS_PURCHASE,
} from './constants';
import '@/lib/i18n/texts/planner';

/** The Smart Route Assistant form as typed (strings) and as sent (numbers). */
export interface PlanFormInput {
  tankCapacity: string;
  currentFuel: string;
  searchRadius: string;
  minGallonsPurchase: string;
}

export interface PlanFormValues {
  tankCapacity: number;
  currentFuel: number;
  searchRadius: number;
  minGallonsPurchase: number;
}

export const planFormDefaults: PlanFormInput = {
  tankCapacity: '',
  currentFuel: '',
  searchRadius: String(DEFAULT_PLAN_SEARCH_RADIUS),
  minGallonsPurchase: String(DEFAULT_MIN_GALLONS_PURCHASE),
};

/**
 * The form as it opens: the tank of the driver's card's vehicle when it is known and within what
 * the planner accepts (one decimal, as typed), else empty for the user to fill.
 */
export function planFormStart(vehicleTankGallons: number | null | undefined): PlanFormInput {
  const known = vehicleTankGallons != null && Number.isFinite(vehicleTankGallons) && vehicleTankGallons > 0 && vehicleTankGallons <= MAX_TANK_GALLONS;
  return { ...planFormDefaults, tankCapacity: known ? String(Math.round(vehicleTankGallons * 10) / 10) : planFormDefaults.tankCapacity };
}

type Check = 'required' | 'number' | 'positive' | 'nonNegative' | 'atLeast' | 'atMost';

/** The domain of each field beyond the docs/product.md §5 rules, as the server enforces it. */
const bounds: Partial<Record<keyof PlanFormInput, { atLeast?: number; atMost?: number }>> = {
  tankCapacity: { atMost: MAX_TANK_GALLONS },
  searchRadius: { atMost: MAX_PLAN_SEARCH_RADIUS },
  minGallonsPurchase: { atLeast: MIN_GALLONS_PURCHASE },
};

/** First failing rule of one field, or undefined; and the number when it parses. */
function checkNumber(
  raw: string,
  checks: readonly Check[],
  limits: { atLeast?: number; atMost?: number } = {},
): { failed?: Check; value?: number } {
  const text = raw.trim();
  if (text === '') return { failed: checks.includes('required') ? 'required' : undefined };
  const value = Number(text);
  if (!Number.isFinite(value)) return { failed: 'number' };
  if (checks.includes('positive') && value <= 0) return { failed: 'positive', value };
  if (checks.includes('nonNegative') && value < 0) return { failed: 'nonNegative', value };
  if (limits.atLeast !== undefined && value < limits.atLeast) return { failed: 'atLeast', value };
  if (limits.atMost !== undefined && value > limits.atMost) return { failed: 'atMost', value };
  return { value };
}

/**
 * docs/product.md §5 planner rules, messages verbatim from planner.json. Written as one object
 * check so the cross rule (current fuel ≤ tank capacity) runs whenever both parse.
 */
export function planFormSchema(t: TFunction) {
  const messages: Record<keyof PlanFormInput, Partial<Record<Check, string>>> = {
    tankCapacity: {
      number: t('planner:validation.tankCapacityNumber'),
      positive: t('planner:validation.tankCapacityPositive'),
      required: t('planner:validation.tankCapacityRequired'),
      atMost: t('planner:validation.tankCapacityMax', { max: MAX_TANK_GALLONS }),
    },
    currentFuel: {
      number: t('planner:validation.currentFuelNumber'),
      nonNegative: t('planner:validation.currentFuelNegative'),
      required: t('planner:validation.currentFuelRequired'),
    },
    searchRadius: {
      number: t('planner:validation.searchRadiusPositive'),
      positive: t('planner:validation.searchRadiusPositive'),
      required: t('planner:validation.searchRadiusPositive'),
      atMost: t('planner:validation.searchRadiusMax', { max: MAX_PLAN_SEARCH_RADIUS }),
    },
    minGallonsPurchase: {
      number: t('planner:validation.minGallonsPositive'),
      positive: t('planner:validation.minGallonsPositive'),
      required: t('planner:validation.minGallonsPositive'),
      atLeast: t('planner:validation.minGallonsMin', { min: MIN_GALLONS_PURCHASE }),
    },
  };
  const rules: Record<keyof PlanFormInput, readonly Check[]> = {
    tankCapacity: ['required', 'number', 'positive'],
    currentFuel: ['required', 'number', 'nonNegative'],
    searchRadius: ['required', 'number', 'positive'],
    minGallonsPurchase: ['required', 'number', 'positive'],
  };

  return z
    .object({
      tankCapacity: z.string(),
      currentFuel: z.string(),
      searchRadius: z.string(),
      minGallonsPurchase: z.string(),
    })
    .superRefine((input, context) => {
      const parsed: Partial<Record<keyof PlanFormInput, number>> = {};
      for (const field of Object.keys(rules) as (keyof PlanFormInput)[]) {
        const { failed, value } = checkNumber(input[field], rules[field], bounds[field]);
        if (failed) context.addIssue({ code: 'custom', path: [field], message: messages[field][failed] ?? '' });
        else parsed[field] = value;
      }
      if (parsed.tankCapacity !== undefined && parsed.currentFuel !== undefined && parsed.currentFuel > parsed.tankCapacity) {
        context.addIssue({ code: 'custom', path: ['currentFuel'], message: t('planner:validation.currentFuelExceedsTank') });
      }
    })
    .transform(
      (input): PlanFormValues => ({
        tankCapacity: Number(input.tankCapacity),
        currentFuel: Number(input.currentFuel),
        searchRadius: Number(input.searchRadius),
        minGallonsPurchase: Number(input.minGallonsPurchase),
      }),
    );
}
