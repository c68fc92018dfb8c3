import { expect, it } from 'vitest';
import { limitRoutePoints } from './route-points';

const points = Array.from({ length: 101 }, (_, index) => ({ latitude: index, longitude: -index }));

it('keeps short routes whole', () => {
  expect(limitRoutePoints(points, 200)).toHaveLength(101);
});

it('samples long routes down to the limit, keeping both ends', () => {
  const limited = limitRoutePoints(points, 11);
  expect(limited).toHaveLength(11);
  expect(limited[0]).toEqual({ latitude: 0, longitude: -0 });
  expect(limited[10]).toEqual({ latitude: 100, longitude: -100 });
  expect(limited[5]).toEqual({ latitude: 50, longitude: -50 });
});
