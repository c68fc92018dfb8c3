/**
 * Hand-written wire types for the dashboard (the shared API contract), until the
 * server's fields are in http/openapi.json. At merge, replace with the generated `Schema<'Card'>`.
 */

/** What each row of GET /api/wex/company/get-cards gains: the card's budget and its spend this month. */
export interface CardBudgetFields {
  monthlyBudget: number | null;
  monthSpend: number;
}
