import { describe, expect, it } from 'vitest';
import { spentShare, walletAction } from './tiles-model';

describe('walletAction', () => {
  it.each([
    ['Add Funds on a prepaid wallet', { canAddFunds: true, canPayByInvoice: false }, 'addFunds'],
    ['Pay Invoice on an invoice wallet', { canAddFunds: false, canPayByInvoice: true }, 'payInvoice'],
    ['Pay Invoice when both flags are set', { canAddFunds: true, canPayByInvoice: true }, 'payInvoice'],
    ['no button when neither flag is set', { canAddFunds: false, canPayByInvoice: false }, null],
  ] as const)('%s', (_name, flags, expected) => {
    expect(walletAction({ balance: 10, ...flags })).toBe(expected);
  });
});

describe('spentShare', () => {
  it('splits the bar between spent and saved', () => {
    expect(spentShare({ total: 900, saved: 100, missedSavings: 0 })).toBe(90);
  });
  it('is empty when nothing was spent nor saved', () => {
    expect(spentShare({ total: 0, saved: 0, missedSavings: 0 })).toBe(0);
  });
});
