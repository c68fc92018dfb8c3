/**
 * Hand-written wire types of card controls (the shared API contract), until the server's
 * endpoints are in http/openapi.json. At merge, replace each with its generated `Schema<…>` /
 * `ResponseBody<…>` name; nothing else in the feature spells these shapes.
 */

/** Products a card may buy: tractor diesel (the default), reefer diesel, DEF, gasoline, other. */
export const PRODUCT_CODES = ['DSL', 'RFR', 'DEF', 'GAS', 'OTH'] as const;
export type ProductCode = (typeof PRODUCT_CODES)[number];

/** Days of the week, Monday first, as the controls name them. */
export const DAY_CODES = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type DayCode = (typeof DAY_CODES)[number];

/** "HH:MM", 24-hour clock, in the company's time zone. */
export interface HourRange {
  from: string;
  to: string;
}

/**
 * GET|PUT /api/wex/company/cards/{cardNumber}/controls: every field optional; absent or null = no
 * rule at this level (a card's null inherits the company default). Dollars and gallons as numbers.
 */
export interface Controls {
  perPurchaseLimit?: number | null;
  dailyLimit?: number | null;
  dailyGallonsLimit?: number | null;
  weeklyLimit?: number | null;
  dailyPurchasesLimit?: number | null;
  allowedProducts?: ProductCode[] | null;
  allowedStates?: string[] | null;
  allowedDays?: DayCode[] | null;
  allowedHours?: HourRange | null;
  allowedChains?: string[] | null;
  blockedChains?: string[] | null;
  tankCapacityGallons?: number | null;
  reeferTankGallons?: number | null;
  monthlyBudget?: number | null;
}

/** GET|PUT /api/wex/company/controls: the company default, with the zone of days, hours and weeks. */
export interface CompanyControls extends Controls {
  /** IANA name, "America/Chicago" by default. */
  timeZone: string;
}

/** What GET /api/wex/company/get-cards adds to each card row. */
export interface CardControlsSummary {
  /** Some rule applies to the card, its own or the company default's. */
  controlsActive: boolean;
  /** RFC 3339 end of an active override, else null. */
  overrideUntil: string | null;
  monthlyBudget: number | null;
  /** Dollars approved this calendar month. */
  monthSpend: number;
}

/** POST /api/wex/company/cards/{cardNumber}/override body: 1..168 hours, 24 by default. */
export interface OverrideGrant {
  hours: number;
}

/** Its 200 answer. */
export interface OverrideAnswer {
  cardNumber: string;
  until: string;
}
