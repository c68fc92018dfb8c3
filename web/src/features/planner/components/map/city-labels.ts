import type * as maplibregl from 'maplibre-gl';

export const CITY_LABEL_PREFIX = 'city:';

/**
 * Warm colours for cities: no blend of them with the dark land comes near the blue-grey of
 * alternative routes (#8a93a3), which the planner e2e test finds on the map by colour.
 */
export const CITY_LABEL_COLOR = '#d8c9a8';
export const CITY_DOT_COLOR = '#c9b48a';

const LABEL_FONT = '600 12px Inter, "Segoe UI", Roboto, Arial, sans-serif';

/**
 * City names without glyph files (nothing may be fetched from the internet, and the offline style
 * has no glyphs): each name is drawn once into a canvas and added as an icon the symbol layer
 * places, so MapLibre still keeps labels from colliding.
 */
export function addCityLabelImage(map: maplibregl.Map, id: string): void {
  if (!id.startsWith(CITY_LABEL_PREFIX) || map.hasImage(id)) return;
  const name = id.slice(CITY_LABEL_PREFIX.length);
  const ratio = Math.min(2, Math.max(1, window.devicePixelRatio || 1));
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return;
  context.font = LABEL_FONT;
  const width = Math.ceil(context.measureText(name).width) + 8;
  const height = 18;
  canvas.width = width * ratio;
  canvas.height = height * ratio;
  context.scale(ratio, ratio);
  context.font = LABEL_FONT;
  context.textBaseline = 'middle';
  context.lineJoin = 'round';
  context.lineWidth = 3;
  context.strokeStyle = 'rgba(11,14,19,0.9)';
  context.strokeText(name, 4, height / 2);
  context.fillStyle = CITY_LABEL_COLOR;
  context.fillText(name, 4, height / 2);
  map.addImage(id, context.getImageData(0, 0, canvas.width, canvas.height), { pixelRatio: ratio });
}
