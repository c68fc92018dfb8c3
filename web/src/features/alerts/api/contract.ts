/**
 * Hand-written wire types of alerts and override requests (the shared API contract),
 * until the server's endpoints are in http/openapi.json. At merge, replace each with its generated
 * `Schema<…>` / `ResponseBody<…>` name.
 */

export type AlertKind = 'DECLINE' | 'OVERRIDE_REQUEST' | 'NEAR_LIMIT' | 'TRIP_REQUEST' | 'TRIP_ENDED' | 'TRIP_REPLANNED';

/** One item of GET /api/wex/company/alerts. */
export interface CompanyAlert {
  id: number;
  kind: AlertKind;
  message: string;
  cardNumber: string;
  driverName: string;
  transactionId: number | null;
  overrideRequestId: number | null;
  /** The trip a TRIP_* alert is about, and the driver's request a TRIP_REQUEST one names. */
  tripId: number | null;
  tripRequestId: number | null;
  read: boolean;
  /** RFC 3339 */
  createdAt: string;
}

/** GET /api/wex/company/alerts?unread=true&page=0&size=20 */
export interface AlertPage {
  content: CompanyAlert[];
  page: { size: number; number: number; totalElements: number; totalPages: number };
  unreadCount: number;
}

export interface AlertQuery {
  unread?: boolean;
  page: number;
  size: number;
}

export type OverrideRequestStatus = 'PENDING' | 'APPROVED' | 'DENIED';

/** An override request, as the owner's approve/deny endpoints answer it. */
export interface OverrideRequest {
  id: number;
  status: OverrideRequestStatus;
  cardNumber: string;
  driverName: string;
  transactionId: number;
  declineCode: string;
  declineReason: string;
  message: string | null;
  createdAt: string;
  decidedAt: string | null;
  overrideUntil: string | null;
}

/** GET /api/wex/company/override-requests?status=PENDING */
export interface OverrideRequestList {
  content: OverrideRequest[];
}

/** POST /api/wex/company/override-requests/{id}/approve body: 1..168 hours (24 when absent). */
export interface OverrideApproval {
  hours?: number;
}

/** A driver's request to end or re-plan a trip the owner locked (GET /api/wex/company/trip-requests). */
export interface TripRequest {
  id: number;
  tripId: number;
  kind: 'END' | 'REPLAN';
  status: 'PENDING' | 'APPROVED' | 'DENIED' | 'CLOSED';
  driverName: string;
}

export interface TripRequestList {
  content: TripRequest[];
}
