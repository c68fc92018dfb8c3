import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';

// maplibre-gl 6 under Vite: its worker must be emitted and named explicitly (docs/dependencies.md).
maplibregl.setWorkerUrl(workerUrl);

/** MapLibre with its worker set: every map of the app imports it from here. */
export { maplibregl };
