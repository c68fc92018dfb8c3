import { describe, expect, it } from 'vitest';
import { formatCentsOff, formatDistance, formatGallons, formatPrice, planSavings } from './format';

describe('formatPrice', () => {
  it.each([
    [3.579, '$3.58'],
    [3.5, '$3.50'],
    [1234.5, '$1,234.50'],
    [0, '$0.00'],
  ])('shows %s as %s (2 decimals)', (value, expected) => {
    expect(formatPrice(value)).toBe(expected);
  });
});

describe('formatCentsOff', () => {
  it.each([
    [28, '28¢'],
    [28.04, '28¢'],
    [17.5, '17.5¢'],
  ])('shows %s cents as %s', (value, expected) => {
    expect(formatCentsOff(value)).toBe(expected);
  });
});

describe('formatDistance', () => {
  it.each([
    [100, '328 ft'],
    [160, '525 ft'],
    [161, '0.1 mi'],
    [331_300, '205.9 mi'],
    [1_986_900, '1,234.6 mi'],
  ])('shows %s m as %s', (meters, expected) => {
    expect(formatDistance(meters)).toBe(expected);
  });
});

it('formats gallons with one decimal', () => {
  expect(formatGallons(152.34)).toBe('152.3');
  expect(formatGallons(40)).toBe('40.0');
});

it('computes plan savings in whole cents', () => {
  expect(planSavings({ totalCost: 521.86, naiveCost: 582.61 })).toBe(60.75);
  expect(planSavings({ totalCost: 0.3, naiveCost: 0.1 })).toBe(-0.2);
});

it('has no plan savings when the server has no cost without a plan', () => {
  expect(planSavings({ totalCost: 521.86, naiveCost: null })).toBeNull();
});

describe('formats without Intl', () => {
  it('print what en-US Intl formats print', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const upToOneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
    const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const values = [0, 0.005, 0.05, 1.45, 2.25, 3.575, 28, 28.04, 28.45, 1234.555, -3.58, -0.04];
    for (let i = 0; i < 500; i++) values.push(Math.round((Math.random() - 0.1) * 1e6) / 1000);
    for (const value of values) {
      expect(formatPrice(value), String(value)).toBe(usd.format(value));
      expect(formatCentsOff(value), String(value)).toBe(`${upToOneDecimal.format(value)}¢`);
      expect(formatGallons(value), String(value)).toBe(oneDecimal.format(value));
    }
  });
});
