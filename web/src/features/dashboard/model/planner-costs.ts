import type { TFunction } from 'i18next';
import { z } from 'zod';
import { BODY_MAXIMUM } from '@/lib/forms/limits';
import '@/lib/i18n/texts/dashboard';

/**
 * The bounds of the fuel planner's costs, in dollars (PUT /api/wex/company/contract/planner-costs,
 * PlannerCosts in http/openapi.json, read from the generated limits).
 */
export const PLANNER_COST_MAX = BODY_MAXIMUM.PlannerCosts;

export type PlannerCostField = keyof typeof PLANNER_COST_MAX;

/** Digits with at most one decimal point: what the field accepts before the range and the cents. */
const DECIMAL = /^(\d+\.?\d*|\.\d+)$/;

/** A dollar amount typed into a field: required, a plain decimal, whole cents, 0 to max. */
const dollarsRule = (t: TFunction, max: number) =>
  z
    .string()
    .trim()
    .superRefine((text, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
      if (text === '') return fail(t('dashboard:plannerCosts.required'));
      if (!DECIMAL.test(text)) return fail(t('dashboard:plannerCosts.notNumber'));
      if ((text.split('.')[1] ?? '').length > 2) return fail(t('dashboard:plannerCosts.cents'));
      if (Number(text) > max) return fail(t('dashboard:plannerCosts.range', { max: max.toFixed(2) }));
    })
    .transform((text) => Number(text));

/** The form of the contract's planner costs: two dollar fields, sent as JSON numbers. */
export const plannerCostsSchema = (t: TFunction) =>
  z.object({
    outOfRouteCostPerMile: dollarsRule(t, PLANNER_COST_MAX.outOfRouteCostPerMile),
    costPerStop: dollarsRule(t, PLANNER_COST_MAX.costPerStop),
  });

/** A contract amount as the field shows it: "0", "1.85", "150". */
export const costText = (dollars: number | undefined): string => String(dollars ?? 0);
