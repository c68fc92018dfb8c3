/** Fixed-height windowing for long card lists: only cards in view are rendered. */

export interface ListLayout {
  /** Top of each item, in px. */
  offsets: number[];
  total: number;
}

export function layoutList(heights: readonly number[], gap: number): ListLayout {
  const offsets: number[] = new Array(heights.length);
  let top = 0;
  for (let index = 0; index < heights.length; index += 1) {
    offsets[index] = top;
    top += heights[index] + gap;
  }
  return { offsets, total: Math.max(0, top - gap) };
}

/** Indexes [start, end) of the items overlapping [scrollTop - overscan, scrollTop + viewport + overscan]. */
export function visibleRange(
  layout: ListLayout,
  heights: readonly number[],
  scrollTop: number,
  viewport: number,
  overscan: number,
): [number, number] {
  const { offsets } = layout;
  const from = scrollTop - overscan;
  const to = scrollTop + viewport + overscan;
  // First item whose bottom is below `from` (binary search on sorted offsets).
  let low = 0;
  let high = offsets.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (offsets[middle] + heights[middle] < from) low = middle + 1;
    else high = middle;
  }
  let end = low;
  while (end < offsets.length && offsets[end] <= to) end += 1;
  return [low, end];
}
