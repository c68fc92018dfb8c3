import type { ComplianceRow, Trip, TripDetail, TripPlan, TripPurchase, TripStop } from '../api/trip-types';

/** A trip along I-35 from Dallas, TX to Oklahoma City, OK with two planned stops. */

type Location = TripStop['location'];

function location(partial: Pick<Location, 'locationId' | 'name' | 'city' | 'state' | 'latitude' | 'longitude' | 'netPrice'>): Location {
  return {
    stationLocation: '',
    address: '100 Main St',
    zipCode: '75201',
    country: 'US',
    retailPrice: partial.netPrice + 0.3,
    savings: 30,
    retailPriceDate: '2026-11-21T06:00:00Z',
    stale: false,
    iftaRefund: 0.2,
    chain: 'PILOT',
    affiliate: '',
    ...partial,
  };
}

export const dentonStop: TripStop = {
  location: location({ locationId: 2001, name: "Love's Travel Stop #210", city: 'Denton', state: 'TX', latitude: 33.2148, longitude: -97.1331, netPrice: 3.219 }),
  gallons: 60,
  cost: 193.14,
  arrivalFuel: 40,
  alongMiles: 38.4,
  price: 3.219,
};

export const ardmoreStop: TripStop = {
  location: location({ locationId: 2002, name: 'Pilot Travel Center #1187', city: 'Ardmore', state: 'OK', latitude: 34.1743, longitude: -97.1436, netPrice: 3.109 }),
  gallons: 45.5,
  cost: 141.46,
  arrivalFuel: 55,
  alongMiles: 104.9,
  price: 3.109,
};

/** Dallas → Denton → Ardmore → Oklahoma City, a few points on I-35. */
export const routePoints = [
  { latitude: 32.7767, longitude: -96.797 },
  { latitude: 33.2148, longitude: -97.1331 },
  { latitude: 33.6, longitude: -97.15 },
  { latitude: 34.1743, longitude: -97.1436 },
  { latitude: 34.8, longitude: -97.3 },
  { latitude: 35.4676, longitude: -97.5164 },
];

export const plan: TripPlan = {
  fuelPlan: [dentonStop, ardmoreStop],
  totalCost: 334.6,
  totalGallons: 105.5,
  naiveCost: 352.1,
  naivetotalGallons: 105.5,
  version: 1,
  createdAt: '2026-11-24T14:00:00Z',
  reason: 'CREATED',
};

export const trip: Trip = {
  id: 41,
  status: 'ACTIVE',
  cardNumber: '7071000000000000011',
  driverName: 'Dan Driver',
  lockCard: true,
  ownerLock: true,
  originName: 'Dallas, TX',
  destinationName: 'Oklahoma City, OK',
  unitNumber: '',
  tankCapacity: 200,
  currentFuel: 60,
  searchRadius: 5,
  minGallonsPurchase: 5,
  routePoints,
  createdAt: '2026-11-24T14:00:00Z',
  updatedAt: '2026-11-24T14:00:00Z',
  plan,
};

export const declinedPurchase: TripPurchase = {
  transactionId: 9001,
  locationId: 3999,
  locationName: 'Shell #77 Gainesville',
  transactionDate: '2026-11-24T15:10:00Z',
  gallons: 80,
  status: 'DECLINED',
  declineCode: 'NOT_PLANNED_STOP',
  declineReason: 'Not a planned stop',
  onPlan: false,
  fundedTotal: 0,
};

export const dentonPurchase: TripPurchase = {
  transactionId: 9000,
  locationId: 2001,
  locationName: "Love's Travel Stop #210",
  transactionDate: '2026-11-24T14:40:00Z',
  gallons: 60,
  status: 'APPROVED',
  declineCode: null,
  declineReason: null,
  onPlan: true,
  fundedTotal: 193.14,
};

export const tripDetail: TripDetail = {
  ...trip,
  planVersionCount: 1,
  purchases: [dentonPurchase, declinedPurchase],
};

export const complianceRows: ComplianceRow[] = [
  { driverName: 'Ana Ruiz', cardNumber: '7071000000000005678', trips: 2, plannedGallons: 200, onPlanGallons: 200, offPlanGallons: 0, plannedCost: 640, actualCost: 640, missedSavings: 0 },
  { driverName: 'Dan Driver', cardNumber: '7071000000000000011', trips: 3, plannedGallons: 310.5, onPlanGallons: 230.5, offPlanGallons: 80, plannedCost: 995.2, actualCost: 1021.6, missedSavings: 26.4 },
];

export const tripPage = (content: Trip[], number = 0, totalPages = 1) => ({
  content,
  page: { size: 20, number, totalElements: content.length, totalPages },
});
