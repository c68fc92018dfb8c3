import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { costText, PLANNER_COST_MAX, plannerCostsSchema } from './planner-costs';

const t = i18n.t.bind(i18n);
const schema = plannerCostsSchema(t);

const issue = (perMile: string, perStop = '0') => {
  const result = schema.safeParse({ outOfRouteCostPerMile: perMile, costPerStop: perStop });
  return result.success ? null : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('plannerCostsSchema', () => {
  it('reads dollars in whole cents from 0 to the maximum as numbers', () => {
    expect(schema.parse({ outOfRouteCostPerMile: ' 1.85 ', costPerStop: '150' })).toEqual({ outOfRouteCostPerMile: 1.85, costPerStop: 150 });
    expect(schema.parse({ outOfRouteCostPerMile: '10.00', costPerStop: '500' })).toEqual({ outOfRouteCostPerMile: 10, costPerStop: 500 });
    expect(schema.parse({ outOfRouteCostPerMile: '0', costPerStop: '.5' })).toEqual({ outOfRouteCostPerMile: 0, costPerStop: 0.5 });
  });

  it.each([
    ['', 'outOfRouteCostPerMile: Enter an amount (0 to turn it off)'],
    ['abc', 'outOfRouteCostPerMile: Enter an amount in dollars, like 1.85'],
    ['-1', 'outOfRouteCostPerMile: Enter an amount in dollars, like 1.85'],
    ['1e3', 'outOfRouteCostPerMile: Enter an amount in dollars, like 1.85'],
    ['NaN', 'outOfRouteCostPerMile: Enter an amount in dollars, like 1.85'],
    ['1.855', 'outOfRouteCostPerMile: Use whole cents (at most 2 decimals)'],
    ['10.01', 'outOfRouteCostPerMile: Enter at most $10.00'],
  ])('refuses %j', (text, message) => {
    expect(issue(text)).toEqual([message]);
  });

  it('bounds the stop cost at $500.00', () => {
    expect(issue('0', '500.01')).toEqual(['costPerStop: Enter at most $500.00']);
  });

  it('has the bounds of the API contract (generated from it)', () => {
    expect(PLANNER_COST_MAX).toEqual({ outOfRouteCostPerMile: 10, costPerStop: 500 });
  });

  it('shows the contract amounts as typed text', () => {
    expect([costText(1.85), costText(0), costText(undefined), costText(150)]).toEqual(['1.85', '0', '0', '150']);
  });
});
