import type { SavingsSummary, Wallet } from '../api/dashboard-api';

/** Which wallet button to show, if any (docs/product.md §2.6): Pay Invoice wins over Add Funds; neither flag → none. */
export function walletAction(wallet: Wallet): 'payInvoice' | 'addFunds' | null {
  if (!wallet.canAddFunds && !wallet.canPayByInvoice) return null;
  return wallet.canPayByInvoice ? 'payInvoice' : 'addFunds';
}

/** Share of the spendings bar taken by the spent part, in percent (0 when there is nothing at all). */
export function spentShare({ total, saved }: SavingsSummary): number {
  const whole = total + saved;
  return whole > 0 ? (total / whole) * 100 : 0;
}
