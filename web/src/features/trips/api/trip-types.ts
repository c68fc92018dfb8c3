/**
 * Wire shapes of the trips and compliance calls, typed by hand from issue 12 and
 * CONTRACT.md while the server side is built on another branch. At merge, replace each
 * with its name from '@/lib/api' (Schema<…>, RequestBody<…>, ResponseBody<…>) once
 * http/openapi.json describes them; nothing else in the feature names a wire shape.
 * Amounts are dollars (2 decimals), gallons numbers, times RFC 3339.
 */
import type { Schema } from '@/lib/api';

export type TripStatus = 'ACTIVE' | 'COMPLETED' | 'CANCELLED';

export type PlanReason = 'CREATED' | 'REPLANNED' | 'OFF_PLAN_PURCHASE' | 'PRICE_CHANGE';

export type TripPoint = Schema<'Point'>;

export type TripStop = Schema<'FuelPlanStop'>;

/** The SPEC fuel plan result plus its version on the trip. */
export type TripPlan = Omit<Schema<'FuelPlan'>, 'usedStalePrices'> &
  Partial<Pick<Schema<'FuelPlan'>, 'usedStalePrices'>> & {
    version: number;
    createdAt: string;
    reason: PlanReason;
  };

/** One row of GET /api/trips and the answer of POST /api/trips, …/replan, …/complete, …/cancel. */
export interface Trip {
  id: number;
  status: TripStatus;
  cardNumber: string;
  driverName: string;
  lockCard: boolean;
  originName: string;
  destinationName: string;
  tankCapacity: number;
  currentFuel: number;
  searchRadius: number;
  minGallonsPurchase: number;
  routePoints: TripPoint[];
  createdAt: string;
  updatedAt: string;
  plan: TripPlan;
}

/** A purchase on the trip's card while it was active. */
export interface TripPurchase {
  transactionId: number;
  locationId: number;
  locationName: string;
  transactionDate: string;
  gallons: number;
  status: 'APPROVED' | 'DECLINED';
  declineCode: string | null;
  declineReason: string | null;
  onPlan: boolean;
  fundedTotal: number;
}

/** GET /api/trips/{id}. */
export interface TripDetail extends Trip {
  /** Oldest first. */
  planVersions: TripPlan[];
  purchases: TripPurchase[];
}

/** GET /api/trips. */
export interface TripPage {
  content: Trip[];
  page: { size: number; number: number; totalElements: number; totalPages: number };
}

/** GET /api/trips query. */
export interface TripListQuery {
  status?: TripStatus;
  cardNumber?: string;
}

/** POST /api/trips. */
export interface CreateTripRequest {
  cardNumber: string;
  routePoints: TripPoint[];
  tankCapacity: number;
  currentFuel: number;
  searchRadius: number;
  minGallonsPurchase: number;
  lockCard: boolean;
  originName: string;
  destinationName: string;
}

/** POST /api/trips/{id}/replan. */
export interface ReplanRequest {
  latitude: number;
  longitude: number;
  currentFuel: number;
}

/** One row of GET /api/wex/company/compliance, worst (largest missedSavings) first. */
export interface ComplianceRow {
  driverName: string;
  cardNumber: string;
  trips: number;
  plannedGallons: number;
  onPlanGallons: number;
  offPlanGallons: number;
  plannedCost: number;
  actualCost: number;
  missedSavings: number;
}

/** GET /api/wex/company/compliance and …/export query: YYYY-MM-DD. */
export interface ComplianceQuery {
  dateFrom: string;
  dateTo: string;
}

export type CardOption = Schema<'Card'>;
