import type { DashboardCard } from '../api/dashboard-api';

export interface CardsBudget {
  /** Sum of the cards' monthly budgets (dollars). */
  budget: number;
  /** What the budgeted cards spent this month (dollars). */
  spent: number;
}

/**
 * Spend against budget for the fuel cards tile: the cards that have a monthly budget, summed in
 * cents so the dollars add up exactly; null when no card has a budget.
 */
export function cardsBudget(cards: readonly Pick<DashboardCard, 'monthlyBudget' | 'monthSpend'>[]): CardsBudget | null {
  let budget = 0;
  let spent = 0;
  let any = false;
  for (const card of cards) {
    if (card.monthlyBudget === null || card.monthlyBudget === undefined) continue;
    any = true;
    budget += Math.round(card.monthlyBudget * 100);
    spent += Math.round((card.monthSpend ?? 0) * 100);
  }
  return any ? { budget: budget / 100, spent: spent / 100 } : null;
}
