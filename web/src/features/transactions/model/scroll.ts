/** Infinite scroll loads the next page past 80% of the scroll (docs/product.md §2.8, §9). */
export const SCROLL_LOAD_THRESHOLD = 0.8;

/** The list's box is never shorter than this (px), whatever is said above it: a few rows show. */
export const LIST_MIN_HEIGHT = 320;

type Scrollable = Pick<HTMLElement, 'scrollTop' | 'clientHeight' | 'scrollHeight'>;

/** True once the bottom of the visible part is past `threshold` of the whole content. */
export function scrolledPast(element: Scrollable, threshold: number = SCROLL_LOAD_THRESHOLD): boolean {
  if (element.scrollHeight <= 0) return false;
  return (element.scrollTop + element.clientHeight) / element.scrollHeight >= threshold;
}

/** Content shorter than its box cannot be scrolled: the next page must load without a scroll. */
export function needsMoreToScroll(element: Scrollable): boolean {
  return element.clientHeight > 0 && element.scrollHeight <= element.clientHeight;
}
