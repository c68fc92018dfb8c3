import { describe, expect, it } from 'vitest';
import { layoutList, visibleRange } from './virtual-window';

describe('virtual window', () => {
  const heights = [100, 450, 100, 100, 100, 100];
  const layout = layoutList(heights, 10);

  it('stacks items with the gap between them', () => {
    expect(layout.offsets).toEqual([0, 110, 570, 680, 790, 900]);
    expect(layout.total).toBe(1000);
  });

  it('renders only the items overlapping the viewport', () => {
    expect(visibleRange(layout, heights, 0, 200, 0)).toEqual([0, 2]);
    expect(visibleRange(layout, heights, 600, 100, 0)).toEqual([2, 4]);
    expect(visibleRange(layout, heights, 950, 100, 0)).toEqual([5, 6]);
  });

  it('extends the range by the overscan', () => {
    expect(visibleRange(layout, heights, 600, 100, 150)).toEqual([1, 5]);
    expect(visibleRange(layout, heights, 600, 100, 250)).toEqual([1, 6]);
  });

  it('handles an empty list', () => {
    expect(visibleRange(layoutList([], 10), [], 0, 500, 100)).toEqual([0, 0]);
  });

  it('windows 5000 cards to a handful', () => {
    const many = Array.from({ length: 5000 }, () => 100);
    const [start, end] = visibleRange(layoutList(many, 12), many, 250_000, 900, 400);
    expect(end - start).toBeLessThan(20);
  });
});
