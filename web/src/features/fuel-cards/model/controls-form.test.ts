import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import type { Controls } from '../api/controls-api';
import { controlsSchema, controlsToForm, formFieldOf, formToControls, type ControlsFormInput } from './controls-form';

const schema = controlsSchema(i18n.t.bind(i18n));
const empty = controlsToForm({});

function errorsOf(values: Partial<ControlsFormInput>): Record<string, string> {
  const result = schema.safeParse({ ...empty, ...values });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('controls form', () => {
  it('sends every field, null where the form is empty (no rule)', () => {
    const parsed = schema.parse(empty);
    expect(Object.values(formToControls(parsed)).every((value) => value === null)).toBe(true);
  });

  it('turns the filled fields into the contract object and back', () => {
    const controls: Required<Controls> = {
      perPurchaseLimit: 350.5,
      dailyLimit: 800,
      dailyGallonsLimit: 250,
      weeklyLimit: 3000,
      dailyPurchasesLimit: 3,
      allowedProducts: ['DSL' as const, 'DEF' as const],
      allowedStates: ['TX', 'OK'],
      allowedDays: ['MON' as const, 'FRI' as const],
      allowedHours: { from: '05:00', to: '22:00' },
      allowedChains: ['PILOT'],
      blockedChains: ['LOVES'],
      tankCapacityGallons: 300,
      reeferTankGallons: 50,
      monthlyBudget: 12000,
    };
    expect(formToControls(schema.parse(controlsToForm(controls)))).toEqual(controls);
  });

  it.each([
    ['a negative limit', { dailyLimit: '-5' }, 'dailyLimit', 'Must be 0 or more'],
    ['text in a limit', { weeklyLimit: 'lots' }, 'weeklyLimit', 'Enter a number'],
    ['cents below a cent', { perPurchaseLimit: '1.005' }, 'perPurchaseLimit', 'At most 2 decimals'],
    ['an absurd limit', { perPurchaseLimit: '100000.01' }, 'perPurchaseLimit', 'Must be at most 100,000'],
    ['a fraction of a purchase', { dailyPurchasesLimit: '1.5' }, 'dailyPurchasesLimit', 'Enter a whole number'],
    ['a tank bigger than any truck', { tankCapacityGallons: '5000' }, 'tankCapacityGallons', 'Must be at most 2,000'],
    ['only a start time', { hoursFrom: '05:00' }, 'hoursTo', 'Set both the start and the end time'],
    ['the same start and end', { hoursFrom: '05:00', hoursTo: '05:00' }, 'hoursTo', 'The end time must differ from the start time'],
    ['a time that is not one', { hoursFrom: '25:00', hoursTo: '05:00' }, 'hoursFrom', 'Enter a time as HH:MM'],
    ['a chain allowed and blocked', { allowedChains: ['PILOT'], blockedChains: ['PILOT'] }, 'blockedChains', 'A chain cannot be both allowed and blocked'],
  ])('rejects %s', (_name, values, field, message) => {
    expect(errorsOf(values)).toEqual({ [field]: message });
  });

  it('accepts an overnight window', () => {
    expect(errorsOf({ hoursFrom: '22:00', hoursTo: '05:00' })).toEqual({});
  });

  // The server's bounds (controls.go Validate; Controls in http/openapi.json): limits above 0,
  // money at most $100,000, daily gallons at most 20,000, purchases 1 to 1,000.
  it.each([
    ['a 0 limit', { dailyLimit: '0' }, 'dailyLimit', 'Must be more than 0'],
    ['0 purchases', { dailyPurchasesLimit: '0' }, 'dailyPurchasesLimit', 'Must be at least 1'],
    ['a weekly limit above the server’s', { weeklyLimit: '100000.01' }, 'weeklyLimit', 'Must be at most 100,000'],
    ['a monthly budget above the server’s', { monthlyBudget: '200000' }, 'monthlyBudget', 'Must be at most 100,000'],
  ])('refuses %s, as the server does', (_name, values, field, message) => {
    expect(errorsOf(values)).toEqual({ [field]: message });
  });

  it('takes the largest values the server takes', () => {
    expect(errorsOf({ weeklyLimit: '100000', monthlyBudget: '100000', dailyGallonsLimit: '20000', dailyPurchasesLimit: '1000' })).toEqual({});
  });

  it.each([
    ['perPurchaseLimit', 'perPurchaseLimit'],
    ['allowedHours', 'hoursFrom'],
    ['allowedHours.from', 'hoursFrom'],
    ['allowedHours.to', 'hoursTo'],
    ['allowedStates[1]', 'allowedStates'],
    ['timeZone', 'timeZone'],
    ['somethingElse', undefined],
  ])('puts the server error on %s onto %s', (serverField, formField) => {
    expect(formFieldOf(serverField)).toBe(formField);
  });
});
