import { describe, expect, it } from 'vitest';
import { formatDollars, maskCardNumber } from './fleet';

describe('maskCardNumber', () => {
  it.each([
    ['masks the middle of a 19-digit card in groups of 4', '7071000000000004321', '7071 **** **** ***4 321'],
    ['masks a 16-digit card', '7071123412344321', '7071 **** **** 4321'],
    ['ignores spaces already present', '7071 0000 0000 0004 321', '7071 **** **** ***4 321'],
    ['only groups a number the server already masked', '7071***********4321', '7071 **** **** ***4 321'],
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
