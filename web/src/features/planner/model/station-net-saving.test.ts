import { describe, expect, it } from 'vitest';
import { fuelPlan, fuelPlanWithDetour, generalStations, nearRouteStations } from '../test/fixtures';
import { detourBasis, stationNetSaving } from './station-net-saving';

describe('detourBasis', () => {
  it("keeps the contract's costs, the plan's average stop and its gallons by station", () => {
    expect(detourBasis(fuelPlanWithDetour)).toEqual({
      outOfRouteCostPerMile: 1.85,
      costPerStop: 25,
      feePerPurchase: 0,
      gallonsPerStop: 80.25, // 160.5 gal over 2 stops
      plannedGallons: { 2003: 120.5, 2004: 40 },
    });
  });

  it('is null when the contract sets no cost, or the plan makes no stop', () => {
    expect(detourBasis(fuelPlan)).toBeNull();
    expect(detourBasis({ ...fuelPlanWithDetour, outOfRouteCostPerMile: 0, costPerStop: 0 })).toBeNull();
    expect(detourBasis({ ...fuelPlanWithDetour, fuelPlan: [], totalGallons: 0 })).toBeNull();
  });

  it("keeps the contract's card fee per purchase", () => {
    expect(detourBasis({ ...fuelPlanWithDetour, feePerPurchase: 1.5 })?.feePerPurchase).toBe(1.5);
  });

  it("adds a station's gallons when the plan stops there twice", () => {
    const twice = { ...fuelPlanWithDetour, fuelPlan: [fuelPlanWithDetour.fuelPlan[0], fuelPlanWithDetour.fuelPlan[0]], totalGallons: 241 };
    expect(detourBasis(twice)?.plannedGallons).toEqual({ 2003: 241 });
  });
});

describe('stationNetSaving', () => {
  const basis = detourBasis(fuelPlanWithDetour)!;

  it("counts the card's fee per purchase as a cost of the stop", () => {
    // nearRouteStations[0] as below, with a $1.50 fee: $26.48 + $1.50 = $27.98 off $22.47.
    const got = stationNetSaving(nearRouteStations[0], { ...basis, feePerPurchase: 1.5 });
    expect(got).toMatchObject({ netSaving: -5.51, detourCost: 27.98 });
  });

  it.each([
    // 28¢ off × 80.25 gal = $22.47; 2 × 0.4 mi × $1.85 + $25 = $26.48.
    [nearRouteStations[0], { netSaving: -4.01, gallons: 80.25, detourMiles: 0.8, detourCost: 26.48 }],
    // 17¢ × 80.25 = $13.64 (13.6425); 0.4 mi × $1.85 + $25 = $25.74.
    [nearRouteStations[1], { netSaving: -12.1, gallons: 80.25, detourMiles: 0.4, detourCost: 25.74 }],
    // On the plan: its 120.5 gal; 26¢ × 120.5 = $31.33; 2.2 mi × $1.85 + $25 = $29.07.
    [nearRouteStations[2], { netSaving: 2.26, gallons: 120.5, detourMiles: 2.2, detourCost: 29.07 }],
  ])('counts the discount on a stop’s gallons less the detour and the stop: %s', (station, want) => {
    const got = stationNetSaving(station, basis);
    expect(got).not.toBeNull();
    expect({ ...got!, detourMiles: Math.round(got!.detourMiles * 10) / 10 }).toEqual(want);
  });

  it('is a saving when the discount outweighs the detour', () => {
    const cheapRoad = { ...basis, outOfRouteCostPerMile: 0.5, costPerStop: 1 };
    // 28¢ × 80.25 = $22.47; 0.8 mi × $0.50 + $1 = $1.40.
    expect(stationNetSaving(nearRouteStations[0], cheapRoad)?.netSaving).toBe(21.07);
  });

  it('is null for a station without a distance off the route', () => {
    expect(stationNetSaving(generalStations[0], basis)).toBeNull();
  });
});
