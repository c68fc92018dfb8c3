import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { planFormDefaults, planFormSchema, planFormStart, type PlanFormInput } from './plan-form';

const schema = planFormSchema(i18n.t);

function errors(input: Partial<PlanFormInput>): Record<string, string> {
  const result = schema.safeParse({ ...planFormDefaults, tankCapacity: '200', currentFuel: '40', ...input });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('planner form rules (docs/product.md §5)', () => {
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
    // The server's domain (openapi.json PlanRequest), with its messages.
    ['accepts a 400-gallon tank', { tankCapacity: '400' }, {}],
    ['rejects a tank above 400 gallons', { tankCapacity: '400.5' }, { tankCapacity: 'Tank capacity must not exceed 400 gallons' }],
    ['rejects a million-gallon tank', { tankCapacity: '1e6' }, { tankCapacity: 'Tank capacity must not exceed 400 gallons' }],
    ['accepts a 1-gallon min purchase', { minGallonsPurchase: '1' }, {}],
    ['rejects a min purchase under a gallon', { minGallonsPurchase: '0.001' }, { minGallonsPurchase: 'Min gallons purchase must be at least 1 gallon' }],
    ['rejects a 1e-300 min purchase', { minGallonsPurchase: '1e-300' }, { minGallonsPurchase: 'Min gallons purchase must be at least 1 gallon' }],
    ['accepts a 100-mile search radius', { searchRadius: '100' }, {}],
    ['rejects a search radius above 100 miles', { searchRadius: '101' }, { searchRadius: 'Search radius must not exceed 100 miles' }],
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

describe('planFormStart', () => {
  it.each([
    ['the vehicle’s tank, one decimal', 150.25, '150.3'],
    ['a whole tank as typed', 200, '200'],
    ['empty without a vehicle', null, ''],
    ['empty before the card is known', undefined, ''],
    ['empty for a tank the planner refuses', 500, ''],
    ['empty for a zero tank', 0, ''],
  ] as const)('starts with %s', (_name, tank, typed) => {
    expect(planFormStart(tank)).toEqual({ ...planFormDefaults, tankCapacity: typed });
  });
});
