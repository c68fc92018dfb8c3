import { describe, expect, it } from 'vitest';
import { ardmoreStop, dentonPurchase, dentonStop, plan, routePoints } from '../test/fixtures';
import { tripMapData } from './trip-map';

describe('tripMapData', () => {
  it('marks the first planned stop next and the others later before any purchase', () => {
    const data = tripMapData(plan, routePoints);
    expect(data.stops).toEqual([
      { stop: dentonStop, number: 1, state: 'next' },
      { stop: ardmoreStop, number: 2, state: 'later' },
    ]);
    expect(data.route[0]).toEqual([-96.797, 32.7767]);
    expect(data.route).toHaveLength(routePoints.length);
  });

  it('marks a stop made once an approved purchase on the plan was bought there, and the one after it next', () => {
    expect(tripMapData(plan, routePoints, [dentonPurchase]).stops.map((stop) => stop.state)).toEqual(['made', 'next']);
  });

  it('has no next stop when every stop is made', () => {
    const atArdmore = { ...dentonPurchase, transactionId: 9, locationId: ardmoreStop.location.locationId };
    expect(tripMapData(plan, routePoints, [dentonPurchase, atArdmore]).stops.map((stop) => stop.state)).toEqual(['made', 'made']);
  });

  it('bounds the route and stretches to hold the driver off the route', () => {
    expect(tripMapData(plan, routePoints).bounds).toEqual([-97.5164, 32.7767, -96.797, 35.4676]);
    expect(tripMapData(plan, routePoints, [], { latitude: 31.5, longitude: -98 }).bounds).toEqual([-98, 31.5, -96.797, 35.4676]);
  });

  it('has no bounds without a route, stops or position', () => {
    expect(tripMapData({ ...plan, fuelPlan: [] }, []).bounds).toBeNull();
  });
});
