/**
 * Wire shapes of the trips and compliance calls, named from the generated contract
 * types ('@/lib/api', from http/openapi.json); nothing else in the feature names a
 * wire shape. Amounts are dollars (2 decimals), gallons numbers, times RFC 3339.
 */
import type { QueryParams, RequestBody, Schema } from '@/lib/api';

export type TripPoint = Schema<'Point'>;

/** One stop of a trip's plan, with its net price per gallon when planned. */
export type TripStop = Schema<'TripPlanStop'>;

/** The fuel plan result plus its version, reason and time on the trip. */
export type TripPlan = Schema<'TripPlan'>;

export type PlanReason = TripPlan['reason'];

/** One row of GET /api/trips and the answer of POST /api/trips, …/replan, …/complete, …/cancel. */
export type Trip = Schema<'Trip'>;

export type TripStatus = Trip['status'];

/** A purchase on the trip's card while it was active. */
export type TripPurchase = Schema<'TripPurchase'>;

/** GET /api/trips/{id}: the trip with its current plan, how many plan versions it has, and its purchases. */
export type TripDetail = Schema<'TripDetail'>;

/** GET /api/trips/{id}/plans: a page of the trip's plan versions, newest first. */
export type TripPlanPage = Schema<'TripPlanPage'>;

/** GET /api/trips. */
export type TripPage = Schema<'TripPage'>;

/** GET /api/trips filters (the page and its size are the infinite query's). */
export type TripListQuery = Pick<QueryParams<'/api/trips', 'get'>, 'status' | 'cardNumber'>;

/** POST /api/trips. */
export type CreateTripRequest = RequestBody<'/api/trips', 'post'>;

/** POST /api/trips/{id}/replan. */
export type ReplanRequest = RequestBody<'/api/trips/{id}/replan', 'post'>;

/** A driver's request to end or re-plan a trip an owner locked (trip.ownerLock). */
export type TripRequest = Schema<'TripRequest'>;

export type TripRequestKind = TripRequest['kind'];

/** POST /api/trips/{id}/end-request. */
export type EndRequestBody = RequestBody<'/api/trips/{id}/end-request', 'post'>;

/** POST /api/trips/{id}/replan-request. */
export type ReplanRequestBody = RequestBody<'/api/trips/{id}/replan-request', 'post'>;

/** One row of GET /api/wex/company/compliance, worst (largest missedSavings) first. */
export type ComplianceRow = Schema<'ComplianceRow'>;

/** GET /api/wex/company/compliance and …/export query: YYYY-MM-DD. */
export type ComplianceQuery = QueryParams<'/api/wex/company/compliance', 'get'>;

export type CardOption = Schema<'Card'>;

/** GET /api/trips/units: the vehicles a trip may name and the one to offer first (a driver's card's unit). */
export type TripUnits = Schema<'TripUnits'>;
