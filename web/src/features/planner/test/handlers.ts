import { http, HttpResponse } from 'msw';
import { apiUrl } from '@/test/server';
import type { RoutePoint } from '../model/types';
import { affiliates, alternativePlan, alternativeStations, chains, dallas, denton, fuelPlan, generalStations, nearRouteStations, oklahomaCity, routes } from './fixtures';

const places = [dallas, denton, oklahomaCity];

/** msw handlers answering like the stations/maps/assistant API (http/openapi.json). */
export const plannerHandlers = [
  http.get(apiUrl('/config'), () => HttpResponse.json({ paymentsConfigured: false, stripePublishableKey: '', mapStyleUrl: '' })),
  http.get(apiUrl('/locations/chainCodes/filter'), () => HttpResponse.json(chains)),
  http.get(apiUrl('/locations/affiliateCodes'), () => HttpResponse.json(affiliates)),
  http.get(apiUrl('/locations'), ({ request }) => {
    const url = new URL(request.url);
    const chainCode = url.searchParams.get('chainCode');
    const wanted = chainCode ? chainCode.split(',') : null;
    const list = generalStations.filter((station) => !wanted || (station.chain && wanted.includes(station.chain)));
    const [sortBy, direction] = (url.searchParams.get('orderBy') ?? 'price,asc').split(',');
    const key = sortBy === 'discount' ? 'savings' : 'netPrice';
    list.sort((a, b) => (direction === 'desc' ? b[key] - a[key] : a[key] - b[key]));
    return HttpResponse.json(list);
  }),
  // Every station of the box listed alone (the server clusters; its rules are tested in Go).
  http.get(apiUrl('/locations/map'), ({ request }) => {
    const url = new URL(request.url);
    const [west, south, east, north] = (url.searchParams.get('bbox') ?? '').split(',').map(Number);
    const chainCode = url.searchParams.get('chainCode');
    const wanted = chainCode ? chainCode.split(',') : null;
    const stations = generalStations.filter(
      (s) => s.longitude >= west && s.longitude <= east && s.latitude >= south && s.latitude <= north && (!wanted || wanted.includes(s.chain)),
    );
    return HttpResponse.json({ clusters: [], stations });
  }),
  http.get(apiUrl('/maps/basemap'), () => HttpResponse.json({ type: 'FeatureCollection', features: [] })),
  http.post(apiUrl('/locations/near-route'), async ({ request }) => {
    const points = (await request.json()) as RoutePoint[];
    // The alternative bends east: its middle point is off I-35.
    const alternative = points.length > 5 && points[5].longitude > -96.9;
    return HttpResponse.json(alternative ? alternativeStations : nearRouteStations);
  }),
  http.get(apiUrl('/maps/geocode'), ({ request }) => {
    const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
    return HttpResponse.json(places.filter((place) => place.label.toLowerCase().includes(q)));
  }),
  http.get(apiUrl('/maps/reverse'), () => HttpResponse.json(dallas)),
  http.post(apiUrl('/maps/route'), () => HttpResponse.json({ routes })),
  http.post(apiUrl('/assistant/plan'), async ({ request }) => {
    const body = (await request.json()) as { routePoints: RoutePoint[] };
    const alternative = body.routePoints.length > 5 && body.routePoints[5].longitude > -96.9;
    return HttpResponse.json(alternative ? alternativePlan : fuelPlan);
  }),
];
