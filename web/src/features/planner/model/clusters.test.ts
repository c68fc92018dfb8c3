import { describe, expect, it } from 'vitest';
import { StationClusters, type Bounds } from './clusters';
import type { Station } from './types';

const stationAt = (locationId: number, latitude: number, longitude: number, netPrice: number): Station => ({
  locationId,
  name: `Station ${locationId}`,
  latitude,
  longitude,
  netPrice,
  retailPrice: netPrice + 0.2,
  savings: 20,
  stationLocation: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  country: 'US',
  retailPriceDate: '2026-11-21T06:00:00',
  stale: false,
  iftaRefund: 0,
  chain: '',
  affiliate: '',
});

const world: Bounds = [-180, -85, 180, 85];

describe('StationClusters', () => {
  const stations = [
    stationAt(1, 32.7767, -96.797, 3.459),
    stationAt(2, 32.78, -96.8, 3.219),
    stationAt(3, 32.781, -96.79, 3.699),
    stationAt(4, 47.6, -122.3, 3.999),
  ];

  it('groups nearby stations into one badge showing the minimum price', () => {
    const badges = new StationClusters(stations).badges(world, 4);
    const cluster = badges.find((badge) => badge.kind === 'cluster');
    expect(badges).toHaveLength(2);
    expect(cluster).toMatchObject({ kind: 'cluster', count: 3, price: 3.219 });
    expect(badges.find((badge) => badge.kind === 'station')).toMatchObject({ id: 4, price: 3.999 });
  });

  it('shows single stations past the max cluster zoom', () => {
    const badges = new StationClusters(stations).badges(world, 17);
    expect(badges.filter((badge) => badge.kind === 'station')).toHaveLength(4);
  });

  it('returns only the badges inside the bounds', () => {
    const seattle: Bounds = [-123, 47, -122, 48];
    const badges = new StationClusters(stations).badges(seattle, 10);
    expect(badges).toEqual([{ kind: 'station', id: 4, latitude: 47.6, longitude: -122.3, price: 3.999 }]);
  });

  it('zooms a clicked cluster to where it splits, at most 20', () => {
    const clusters = new StationClusters(stations);
    const cluster = clusters.badges(world, 4).find((badge) => badge.kind === 'cluster');
    if (!cluster) throw new Error('no cluster');
    const zoom = clusters.expansionZoom(cluster.id);
    expect(zoom).toBeGreaterThan(4);
    expect(zoom).toBeLessThanOrEqual(20);
  });

  it('keeps a lone station unclustered (at least 2 points make a cluster)', () => {
    const badges = new StationClusters([stations[3]]).badges(world, 2);
    expect(badges).toEqual([expect.objectContaining({ kind: 'station', id: 4 })]);
  });

  it('skips stations without coordinates', () => {
    const broken = { ...stations[0], latitude: Number.NaN };
    expect(new StationClusters([broken]).badges(world, 2)).toEqual([]);
  });

  it('handles thousands of stations', () => {
    const many = Array.from({ length: 5000 }, (_, index) =>
      stationAt(index, 25 + (index % 100) * 0.22, -124 + Math.floor(index / 100) * 1.1, 3 + (index % 37) / 100),
    );
    const badges = new StationClusters(many).badges(world, 4);
    expect(badges.length).toBeLessThan(500);
    expect(Math.min(...badges.map((badge) => badge.price))).toBe(3);
  });
});
