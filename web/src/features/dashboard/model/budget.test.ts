import { describe, expect, it } from 'vitest';
import { cardsBudget } from './budget';

describe('cardsBudget', () => {
  it('is null when no card has a budget', () => {
    expect(cardsBudget([{ monthlyBudget: null, monthSpend: 120 }])).toBeNull();
  });

  it('sums budgets and the budgeted cards spend, exact to the cent', () => {
    expect(
      cardsBudget([
        { monthlyBudget: 1000.1, monthSpend: 0.2 },
        { monthlyBudget: 500.2, monthSpend: 0.1 },
        { monthlyBudget: null, monthSpend: 999 },
      ]),
    ).toEqual({ budget: 1500.3, spent: 0.3 });
  });
});
