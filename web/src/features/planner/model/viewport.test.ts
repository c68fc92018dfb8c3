import { describe, expect, it } from 'vitest';
import { generalStations } from '../test/fixtures';
import { countInView, inView, listSearchFor, mapViewArgs, milesBetween, showsCountry } from './viewport';

describe('mapViewArgs', () => {
  it('rounds the box outward to 0.001° and floors the zoom', () => {
    expect(mapViewArgs({ bounds: [-97.12345, 32.00049, -96.00001, 33.9991], zoom: 9.87 }, [])).toEqual({
      bbox: '-97.124,32,-96,34',
      zoom: 9,
      chainCodes: [],
    });
  });

  it('clamps a wrapped or polar view to the server domain', () => {
    const args = mapViewArgs({ bounds: [-200.5, -88, 190, 89.9999], zoom: 1.5 }, ['PILOT', 'TA']);
    expect(args).toEqual({ bbox: '-180,-88,180,90', zoom: 1, chainCodes: ['PILOT', 'TA'] });
  });

  it('gives nearby views one request', () => {
    const a = mapViewArgs({ bounds: [-97.1231, 32.5, -96.4, 33.3], zoom: 9.1 }, []);
    const b = mapViewArgs({ bounds: [-97.1239, 32.5, -96.4, 33.3], zoom: 9.9 }, []);
    expect(a).toEqual(b);
  });
});

describe('listSearchFor', () => {
  it('uses the opening request of the first page when the whole country is in view', () => {
    expect(listSearchFor({ bounds: [-130, 20, -60, 52], zoom: 3.6 }, 'price', 'asc', [])).toEqual({
      latitude: 39.8283,
      longitude: -98.5795,
      radius: 5000,
      sortBy: 'price',
      direction: 'asc',
      chainCodes: [],
    });
  });

  it('searches the circle around the view centre that holds the whole box', () => {
    const search = listSearchFor({ bounds: [-97.6, 32.5, -96.4, 33.3], zoom: 9 }, 'discount', 'desc', ['LOVES']);
    expect(search).toMatchObject({ latitude: 32.9, longitude: -97, sortBy: 'discount', direction: 'desc', chainCodes: ['LOVES'] });
    const corner = milesBetween({ latitude: 32.9, longitude: -97 }, { latitude: 32.5, longitude: -97.6 });
    expect(search.radius).toBe(Math.ceil(corner));
    expect(search.radius).toBeGreaterThan(40);
    expect(search.radius).toBeLessThan(50);
  });
});

describe('inView and countInView', () => {
  it('keeps the stations inside the box in their order, all of them in the country view', () => {
    const ozarks = { bounds: [-96.5, 35.8, -94, 37.5] as [number, number, number, number], zoom: 8 };
    expect(inView(generalStations, ozarks).map((s) => s.city)).toEqual(['Joplin', 'Tulsa']);
    expect(showsCountry(ozarks)).toBe(false);
    expect(inView(generalStations, { bounds: [-125, 24, -66, 50], zoom: 4 })).toHaveLength(generalStations.length);
  });

  it('counts the stations of the clusters and those alone', () => {
    const view = { clusters: [{ latitude: 1, longitude: 2, count: 40, minNetPrice: 3.1 }, { latitude: 3, longitude: 4, count: 2, minNetPrice: 3.2 }], stations: generalStations };
    expect(countInView(view)).toBe(46);
    expect(countInView({ clusters: [], stations: [] })).toBe(0);
  });
});
