import type { ChainOption, DrivingRoute, FuelPlan, Place, Station } from '../model/types';

/** Realistic planner data around I-35 between Dallas, TX and Oklahoma City, OK. */

export const dallas: Place = { label: 'Dallas, TX', latitude: 32.7767, longitude: -96.797, kind: 'city' };
export const oklahomaCity: Place = { label: 'Oklahoma City, OK', latitude: 35.4676, longitude: -97.5164, kind: 'city' };
export const denton: Place = { label: 'Denton, TX', latitude: 33.2148, longitude: -97.1331, kind: 'city' };

export const chains: ChainOption[] = [
  { value: 'PILOT', label: 'Pilot', imageUrl: '/api/locations/logos/PILOT.svg' },
  { value: 'LOVES', label: "Love's", imageUrl: '/api/locations/logos/LOVES.svg' },
  { value: 'TA', label: 'TravelCenters of America', imageUrl: '/api/locations/logos/TA.svg' },
  { value: 'AMBEST', label: 'AMBEST', imageUrl: '/api/locations/logos/AMBEST.svg' },
];

export const affiliates: ChainOption[] = [
  { value: 'PILOT_FLYINGJ', label: 'Pilot Flying J', imageUrl: '/api/locations/logos/PILOT_FLYINGJ.svg' },
  { value: 'LOVES', label: "Love's Travel Stops", imageUrl: '/api/locations/logos/LOVES.svg' },
];

function station(partial: Partial<Station> & Pick<Station, 'locationId' | 'name' | 'latitude' | 'longitude' | 'netPrice' | 'retailPrice'>): Station {
  return {
    stationLocation: '',
    address: '100 Main St',
    city: 'Dallas',
    state: 'TX',
    zipCode: '75201',
    country: 'US',
    savings: Math.round((partial.retailPrice - partial.netPrice) * 1000) / 10,
    retailPriceDate: '2026-11-21T06:00:00Z',
    stale: false,
    iftaRefund: 0.2,
    chain: 'PILOT',
    affiliate: '',
    ...partial,
  };
}

export const generalStations: Station[] = [
  station({ locationId: 1001, name: 'Pilot Travel Center #412', city: 'Amarillo', state: 'TX', latitude: 35.22, longitude: -101.83, retailPrice: 3.859, netPrice: 3.579, distanceMiles: 412.5, stationLocation: 'I-40 Exit 76', affiliate: 'PILOT_FLYINGJ' }),
  station({ locationId: 1002, name: "Love's Travel Stop #238", chain: 'LOVES', city: 'Joplin', state: 'MO', latitude: 37.08, longitude: -94.51, retailPrice: 3.799, netPrice: 3.611, distanceMiles: 230.1 }),
  station({ locationId: 1003, name: 'AMBEST Truck Stop', chain: 'AMBEST', city: 'Salina', state: 'KS', latitude: 38.84, longitude: -97.61, retailPrice: 3.699, netPrice: 3.649, distanceMiles: 82.4 }),
  station({ locationId: 1004, name: 'Independent Fuel', chain: '', city: 'Tulsa', state: 'OK', latitude: 36.15, longitude: -95.99, retailPrice: 3.949, netPrice: 3.899, iftaRefund: 0, distanceMiles: 280.9 }),
];

export const nearRouteStations: Station[] = [
  station({ locationId: 2001, name: 'Pilot Travel Center #1090', city: 'Denton', state: 'TX', latitude: 33.235, longitude: -97.128, retailPrice: 3.629, netPrice: 3.349, alongMiles: 38.2, offMiles: 0.4 }),
  station({ locationId: 2002, name: "Love's Travel Stop #321", chain: 'LOVES', city: 'Gainesville', state: 'TX', latitude: 33.64, longitude: -97.14, retailPrice: 3.589, netPrice: 3.419, alongMiles: 66.9, offMiles: 0.2 }),
  station({ locationId: 2003, name: 'TA Ardmore', chain: 'TA', city: 'Ardmore', state: 'OK', latitude: 34.174, longitude: -97.143, retailPrice: 3.499, netPrice: 3.239, alongMiles: 104.6, offMiles: 1.1 }),
  station({ locationId: 2004, name: "Love's Travel Stop #612", chain: 'LOVES', city: 'Norman', state: 'OK', latitude: 35.223, longitude: -97.44, retailPrice: 3.459, netPrice: 3.289, alongMiles: 181.3, offMiles: 0.6 }),
];

export const alternativeStations: Station[] = [
  station({ locationId: 3001, name: 'Pilot Travel Center #77', city: 'Durant', state: 'OK', latitude: 33.99, longitude: -96.39, retailPrice: 3.519, netPrice: 3.299, alongMiles: 92.0, offMiles: 0.3 }),
];

const line = (from: Place, to: Place, bend: number) =>
  Array.from({ length: 11 }, (_, index) => {
    const f = index / 10;
    return {
      latitude: from.latitude + (to.latitude - from.latitude) * f,
      longitude: from.longitude + (to.longitude - from.longitude) * f + Math.sin(Math.PI * f) * bend,
    };
  });

export const routes: DrivingRoute[] = [
  { points: line(dallas, oklahomaCity, 0), distanceMeters: 331_300, durationSeconds: 11_100, distanceText: '205.9 mi', durationText: '3 h 5 min', summary: 'I-35' },
  { points: line(dallas, oklahomaCity, 0.6), distanceMeters: 358_900, durationSeconds: 12_300, distanceText: '223.0 mi', durationText: '3 h 25 min', summary: 'US-75, I-40' },
];

export const fuelPlan: FuelPlan = {
  fuelPlan: [
    { location: nearRouteStations[2], gallons: 120.5, cost: 390.3, arrivalFuel: 24.1, alongMiles: 104.6 },
    { location: nearRouteStations[3], gallons: 40.0, cost: 131.56, arrivalFuel: 95.2, alongMiles: 181.3 },
  ],
  totalCost: 521.86,
  totalGallons: 160.5,
  naiveCost: 582.61,
  naivetotalGallons: 160.5,
  usedStalePrices: false,
};

export const alternativePlan: FuelPlan = {
  fuelPlan: [{ location: alternativeStations[0], gallons: 150, cost: 494.85, arrivalFuel: 30, alongMiles: 92 }],
  totalCost: 494.85,
  totalGallons: 150,
  naiveCost: 540.0,
  naivetotalGallons: 150,
  usedStalePrices: false,
};

/**
 * fuelPlan under a contract that counts $1.85 a mile off the route and $25 a stop:
 * stop 1 (1.1 mi off) costs $29.07 more, stop 2 (0.6 mi off) $27.22; the naive driver's one
 * stop $26.48. Net saving $582.61 + $26.48 − $521.86 − $56.29 = $30.94; per stop, the gallons
 * at the naive all-in $3.795/gal less their cost and detour: $37.92 and −$6.98.
 */
export const fuelPlanWithDetour: FuelPlan = {
  ...fuelPlan,
  fuelPlan: [
    { ...fuelPlan.fuelPlan[0], detourMiles: 2.2, detourCost: 29.07, netSaving: 37.92 },
    { ...fuelPlan.fuelPlan[1], detourMiles: 1.2, detourCost: 27.22, netSaving: -6.98 },
  ],
  outOfRouteCostPerMile: 1.85,
  costPerStop: 25,
  detourMiles: 3.4,
  detourCost: 56.29,
  naiveDetourCost: 26.48,
  netSaving: 30.94,
};
