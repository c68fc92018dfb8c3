import { describe, expect, it } from 'vitest';
import { ardmoreStop, declinedPurchase, dentonPurchase, dentonStop, plan, routePoints } from '../test/fixtures';
import { haversineMiles, nextStop, remainingStops } from './next-stop';

describe('remainingStops', () => {
  it('keeps every stop before any purchase', () => {
    expect(remainingStops(plan)).toEqual([dentonStop, ardmoreStop]);
  });
  it('drops a stop once an approved on-plan purchase was made there, not for a declined one elsewhere', () => {
    expect(remainingStops(plan, [dentonPurchase, declinedPurchase])).toEqual([ardmoreStop]);
  });
  it('keeps a stop whose purchase was declined', () => {
    expect(remainingStops(plan, [{ ...dentonPurchase, status: 'DECLINED' }])).toEqual([dentonStop, ardmoreStop]);
  });
});

describe('nextStop', () => {
  it('measures along the plan from its start without a position', () => {
    expect(nextStop(plan, routePoints)).toMatchObject({ stop: dentonStop, miles: 38.4, measuredFrom: 'route', later: [ardmoreStop] });
  });

  it('measures from the last stop made along the plan', () => {
    expect(nextStop(plan, routePoints, [dentonPurchase])).toMatchObject({ stop: ardmoreStop, miles: 66.5, measuredFrom: 'route', later: [] });
  });

  it('measures along the route from the position when the driver is on it', () => {
    const atDenton = { latitude: 33.2148, longitude: -97.1331 };
    const along = haversineMiles(routePoints[1]!, routePoints[2]!) + haversineMiles(routePoints[2]!, routePoints[3]!);
    const result = nextStop(plan, routePoints, [dentonPurchase], atDenton);
    expect(result?.measuredFrom).toBe('position');
    expect(result?.miles).toBeCloseTo(along, 1);
  });

  it('falls back to a straight line when the driver is far off the route', () => {
    const amarillo = { latitude: 35.222, longitude: -101.831 };
    const result = nextStop(plan, routePoints, [], amarillo);
    expect(result?.miles).toBeCloseTo(haversineMiles(amarillo, dentonStop.location), 1);
  });

  it('is null when every stop is made', () => {
    expect(nextStop(plan, routePoints, [dentonPurchase, { ...dentonPurchase, transactionId: 9002, locationId: 2002 }])).toBeNull();
  });
});

describe('haversineMiles', () => {
  it('gives about 187 miles from Dallas to Oklahoma City', () => {
    expect(haversineMiles(routePoints[0]!, routePoints.at(-1)!)).toBeGreaterThan(185);
    expect(haversineMiles(routePoints[0]!, routePoints.at(-1)!)).toBeLessThan(192);
  });
});
