import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CARD_GAP } from '../model/constants';
import { layoutList, visibleRange } from '../model/virtual-window';

export interface ListItem {
  key: number;
  height: number;
}

interface StationListProps<T extends ListItem> {
  items: readonly T[];
  renderItem: (item: T) => ReactNode;
  /** Scroll this item into view when `revealSeq` changes. */
  revealKey?: number;
  revealSeq?: number;
  'aria-label': string;
}

/** Assumed viewport before the first measurement (and where layout is not measured, as in jsdom). */
const FALLBACK_VIEWPORT = 900;
const OVERSCAN = 400;

/** A scrolling list of fixed-height cards; only those near the viewport are mounted. */
export function StationList<T extends ListItem>({ items, renderItem, revealKey, revealSeq, ...rest }: StationListProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  // Unknown until measured, before the first paint: the first cards drawn are those in view.
  const [viewport, setViewport] = useState<number | null>(null);
  // The cards around the view are drawn after the first paint: the page's first screen waits for fewer.
  const [overscan, setOverscan] = useState(0);

  const heights = useMemo(() => items.map((item) => item.height), [items]);
  const layout = useMemo(() => layoutList(heights, CARD_GAP), [heights]);
  const [start, end] = viewport === null ? [0, 0] : visibleRange(layout, heights, scrollTop, viewport, overscan);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return undefined;
    const measure = () => setViewport(element.clientHeight || FALLBACK_VIEWPORT);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setOverscan(OVERSCAN), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (revealSeq === undefined || revealKey === undefined) return;
    const index = items.findIndex((item) => item.key === revealKey);
    const element = scroller.current;
    if (index < 0 || !element) return;
    element.scrollTop = layout.offsets[index];
    // Events do not fire for programmatic scrolls everywhere (jsdom): follow it here.
    setScrollTop(layout.offsets[index]);
    // Only a new reveal request scrolls; later layout changes must not pull the list back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revealSeq]);

  return (
    <Box
      ref={scroller}
      role="list"
      aria-label={rest['aria-label']}
      // Scrollable by keyboard too (axe scrollable-region-focusable).
      tabIndex={0}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      // On a phone the panel around it scrolls too: the list keeps a screenful of its own.
      sx={{ flex: 1, minHeight: { xs: 'min(420px, 60dvh)', md: 0 }, overflowY: 'auto', px: 2, pb: 2 }}
    >
      <Box sx={{ position: 'relative', height: layout.total }}>
        {items.slice(start, end).map((item, offset) => (
          <Box
            key={item.key}
            role="listitem"
            sx={{ position: 'absolute', left: 0, right: 0, top: layout.offsets[start + offset], height: item.height }}
          >
            {renderItem(item)}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** Placeholder cards while a list loads (docs/product.md §9: 8 general, 6 near route, 5 plan). */
export function StationSkeletons({ count, height }: { count: number; height: number }) {
  return (
    <Stack spacing={`${CARD_GAP}px`} sx={{ px: 2, pb: 2, overflow: 'hidden' }} data-testid="station-skeletons">
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={height} data-testid="station-skeleton" sx={{ flexShrink: 0 }} />
      ))}
    </Stack>
  );
}
