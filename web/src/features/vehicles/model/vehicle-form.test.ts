import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { toVehicleInput, vehicleFormDefaults, vehicleSchema, vinCheckDigit, VEHICLE_LIMITS } from './vehicle-form';
import { importProblems } from './import-problems';

const t = i18n.t.bind(i18n);
const good = { ...vehicleFormDefaults(), unitNumber: ' TRK-1 ', vin: '1m8gdm9axkp042788', plate: 'p 44', plateState: 'FL', tankCapacityGallons: '150.5' };

const errorsOf = (values: object) => {
  const result = vehicleSchema(t).safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('vehicle form', () => {
  it('takes the contract bounds', () => {
    expect(VEHICLE_LIMITS).toMatchObject({ unitNumber: 50, vin: 17, plate: 10, tankMin: 1, tankMax: 500 });
  });

  it('computes the VIN check digit as the server does', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckDigit('11111111111111111')).toBe('1');
    expect(vinCheckDigit('1HGCM82633A004352')).toBe('3');
  });

  it('normalises a good vehicle into the request body', () => {
    // The group is not in the vehicle's body: it is set on its own (PUT …/vehicles/{id}/group).
    const result = toVehicleInput(vehicleSchema(t).parse(good));
    expect(result).toEqual({ unitNumber: 'TRK-1', vin: '1M8GDM9AXKP042788', plate: 'P 44', plateState: 'FL', fuelType: 'diesel', tankCapacityGallons: 150.5, iftaQualified: true, active: true });
  });

  it.each([
    ['unitNumber', { unitNumber: '  ' }],
    ['unitNumber', { unitNumber: 'U'.repeat(51) }],
    ['vin', { vin: '' }],
    ['vin', { vin: '1M8GDM9A1KP042788' }],
    ['vin', { vin: '1M8GDM9AXKP04278O' }],
    ['plate', { plate: 'AB$1' }],
    ['plate', { plate: 'ABCDEFGHIJK' }],
    ['plateState', { plateState: '' }],
    ['tankCapacityGallons', { tankCapacityGallons: '' }],
    ['tankCapacityGallons', { tankCapacityGallons: '0.5' }],
    ['tankCapacityGallons', { tankCapacityGallons: '501' }],
    ['tankCapacityGallons', { tankCapacityGallons: '1.2345' }],
    ['tankCapacityGallons', { tankCapacityGallons: 'ten' }],
  ])('refuses a bad %s', (field, change) => {
    expect(errorsOf({ ...good, ...change })[field]).toBeTruthy();
  });

  it('needs no VIN when the vehicle is not IFTA-qualified', () => {
    expect(errorsOf({ ...good, vin: '', iftaQualified: false })).toEqual({});
  });
});

describe('import problems', () => {
  it('reads the line keys of a refused list, by line then column', () => {
    const error = { status: 400, data: { status: 400, message: { 'line 10: vin': ['Bad'], 'line 3: fuelType': ['x'], 'line 3': ['has 2 fields'] } } };
    expect(importProblems(error)).toEqual([
      { line: 3, column: undefined, message: 'Has 2 fields' },
      { line: 3, column: 'fuelType', message: 'X' },
      { line: 10, column: 'vin', message: 'Bad' },
    ]);
  });

  it('is undefined for a message about the whole file', () => {
    expect(importProblems({ status: 400, data: { status: 400, message: 'The fleet list is empty' } })).toBeUndefined();
  });
});
