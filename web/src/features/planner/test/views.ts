import type { MapViewport } from '../model/viewport';

/** Views the stand-in map can be moved to: the contiguous US at zoom 4, Dallas–Fort Worth (no general station), Tulsa–Joplin. */
export const fakeViews = {
  us: { bounds: [-125, 24, -66, 50], zoom: 4 },
  dallas: { bounds: [-97.6, 32.5, -96.4, 33.3], zoom: 9.4 },
  ozarks: { bounds: [-96.5, 35.8, -94, 37.5], zoom: 8.6 },
} satisfies Record<string, MapViewport>;
