import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { planFormDefaults, planFormSchema, type PlanFormInput } from './plan-form';

const schema = planFormSchema(i18n.t);

function errors(input: Partial<PlanFormInput>): Record<string, string> {
  const result = schema.safeParse({ ...planFormDefaults, tankCapacity: '200', currentFuel: '40', ...input });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('planner form rules (SPEC §5)', () => {
  it.each<[string, Partial<PlanFormInput>, Record<string, string>]>([
    ['accepts a valid form', {}, {}],
    ['accepts an empty tank', { currentFuel: '0' }, {}],
    ['accepts a full tank', { currentFuel: '200' }, {}],
    ['requires tank capacity', { tankCapacity: '' }, { tankCapacity: 'Tank capacity is required' }],
    ['rejects a non-number tank capacity', { tankCapacity: 'abc' }, { tankCapacity: 'Tank capacity must be a number' }],
    ['rejects a zero tank capacity', { tankCapacity: '0' }, { tankCapacity: 'Tank capacity must be positive' }],
    ['rejects a negative tank capacity', { tankCapacity: '-5' }, { tankCapacity: 'Tank capacity must be positive' }],
    ['requires current fuel', { currentFuel: ' ' }, { currentFuel: 'Current fuel is required' }],
    ['rejects a non-number current fuel', { currentFuel: '4o' }, { currentFuel: 'Current fuel must be a number' }],
    ['rejects negative current fuel', { currentFuel: '-1' }, { currentFuel: 'Current fuel cannot be negative' }],
    ['rejects more fuel than the tank holds', { currentFuel: '201' }, { currentFuel: 'Current fuel cannot exceed tank capacity' }],
    ['rejects a zero search radius', { searchRadius: '0' }, { searchRadius: 'Search radius must be positive' }],
    ['requires a search radius', { searchRadius: '' }, { searchRadius: 'Search radius must be positive' }],
    ['rejects a zero min gallons purchase', { minGallonsPurchase: '0' }, { minGallonsPurchase: 'Min gallons purchase must be positive' }],
    ['rejects a text min gallons purchase', { minGallonsPurchase: 'x' }, { minGallonsPurchase: 'Min gallons purchase must be positive' }],
  ])('%s', (_, input, expected) => {
    expect(errors(input)).toEqual(expected);
  });

  it('sends numbers, with search radius and min gallons defaulting to 5', () => {
    expect(schema.parse({ ...planFormDefaults, tankCapacity: '200', currentFuel: '40.5' })).toEqual({
      tankCapacity: 200,
      currentFuel: 40.5,
      searchRadius: 5,
      minGallonsPurchase: 5,
    });
  });
});
