import { describe, expect, it } from 'vitest';
import { formatDollars, formatOneDecimal, formatWhole, maskCardNumber } from './fleet';

describe('maskCardNumber', () => {
  it.each([
    ['masks the middle of a 19-digit card, the last four digits a group of their own', '7071000000000008754', '7071 •••• 8754'],
    ['masks a 16-digit card', '7071123412344321', '7071 •••• 4321'],
    ['ignores spaces already present', '7071 0000 0000 0004 321', '7071 •••• 4321'],
    ['reads a number the server already masked the same', '7071***********4321', '7071 •••• 4321'],
    ['leaves a short number unmasked', '12345678', '1234 5678'],
  ])('%s', (_name, input, expected) => {
    expect(maskCardNumber(input)).toBe(expected);
  });
});

describe('formatDollars', () => {
  it.each([
    [512.4, '$512.40'],
    [12500.25, '$12,500.25'],
    [-1830.5, '-$1,830.50'],
    [0, '$0.00'],
  ])('formats %d as %s', (amount, expected) => {
    expect(formatDollars(amount)).toBe(expected);
  });
});

describe('formatDollars next to Intl.NumberFormat', () => {
  const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const amounts = [
    0, 0.004, 0.005, 0.015, 1.005, 1.345, 2.675, 9.995, 99.999, 999.995, 1000, 1234.5, 999999.99, 1000000,
    12345678.9, 123456789012.34, 0.1 + 0.2,
  ];
  // A deterministic spread of cent amounts and a few off-cent ones, as the API may send.
  for (let i = 0; i < 2000; i++) amounts.push(((i * 7919) % 100000007) / 100, (i * 104729) / 1000);
  it('prints every amount as en-US does', () => {
    for (const amount of amounts) {
      expect(formatDollars(amount)).toBe(`$${intl.format(amount)}`);
      expect(formatDollars(-amount - 0.01)).toBe(`-$${intl.format(amount + 0.01)}`);
    }
  });
});

describe('formatWhole', () => {
  it('prints whole miles and gallons as en-US number formatting does', () => {
    const values = [0, -0, 0.4, 0.5, 1.5, 2.5, -0.3, -2.5, 999.5, 1234.49, 1234567.5, -9876543.21, 0.49999999999999994, 2 ** 60, 1e21, NaN, Infinity];
    for (const value of values) expect(formatWhole(value), String(value)).toBe(value.toLocaleString('en-US', { maximumFractionDigits: 0 }));
  });
});

describe('formatOneDecimal', () => {
  it('prints one decimal as en-US number formatting does, rounding the shortest decimal form half away from zero', () => {
    const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const values = [0, -0, 0.05, 0.04, 1.45, 1.44, 2.25, -2.25, 10.95, 152.34, 1234.55, -0.04, 999.96, 1e-7, 1234567.89, 2 ** 60, NaN, Infinity];
    for (const value of values) expect(formatOneDecimal(value), String(value)).toBe(oneDecimal.format(value));
    for (let i = 0; i < 2000; i++) {
      const value = Math.round((Math.random() - 0.2) * 1e6) / 1000;
      expect(formatOneDecimal(value), String(value)).toBe(oneDecimal.format(value));
    }
  });
});
