/**
 * Hand-written wire types for transactions and the driver's override requests (the
 * shared API contract), until the server's endpoints are in http/openapi.json. At merge, replace
 * each with its generated `Schema<…>` name.
 */

export type ProductCode = 'DSL' | 'RFR' | 'DEF' | 'GAS' | 'OTH';

/** Stable decline codes; their sentences are in locales/en-US/transactions.json (declineReasons). */
export type DeclineCode =
  | 'CARD_INACTIVE'
  | 'UNKNOWN_CARD'
  | 'INSUFFICIENT_FUNDS'
  | 'CREDIT_LIMIT'
  | 'PER_PURCHASE_LIMIT'
  | 'DAILY_LIMIT'
  | 'DAILY_GALLONS_LIMIT'
  | 'WEEKLY_LIMIT'
  | 'DAILY_PURCHASES_LIMIT'
  | 'PRODUCT_NOT_ALLOWED'
  | 'DAY_NOT_ALLOWED'
  | 'HOUR_NOT_ALLOWED'
  | 'STATE_NOT_ALLOWED'
  | 'CHAIN_NOT_ALLOWED'
  | 'OVER_TANK_CAPACITY'
  | 'SUSPICIOUS_DISTANCE'
  | 'MONTHLY_BUDGET'
  | 'NOT_PLANNED_STOP'
  | 'OVER_PLANNED_GALLONS'
  | 'OVER_GALLONS_LEFT';

/** What every transaction (list row, detail, driver's view) carries. */
export interface TransactionControlFields {
  /** DSL when the network sent none. */
  productCode: ProductCode;
  /** null when approved. */
  declineCode: DeclineCode | null;
  /** A clear sentence, null when approved. */
  declineReason: string | null;
}

export type OverrideRequestStatus = 'PENDING' | 'APPROVED' | 'DENIED';

/** A driver's override request (POST|GET /api/wex/override-requests). */
export interface OverrideRequest {
  id: number;
  status: OverrideRequestStatus;
  cardNumber: string;
  driverName: string;
  transactionId: number;
  declineCode: DeclineCode;
  declineReason: string;
  message: string | null;
  createdAt: string;
  decidedAt: string | null;
  overrideUntil: string | null;
}

/** POST /api/wex/override-requests body: for the driver's card's last declined purchase. */
export interface OverrideRequestCreate {
  message?: string;
}

/** The longest message the server takes. */
export const OVERRIDE_MESSAGE_MAX = 500;

/** GET /api/wex/override-requests: newest first. */
export interface OverrideRequestList {
  content: OverrideRequest[];
}
