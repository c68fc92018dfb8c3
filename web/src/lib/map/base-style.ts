import type { StyleSpecification } from 'maplibre-gl';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import statesTopology from 'us-atlas/states-10m.json';

export const MAP_COLORS = {
  background: '#0b0e13',
  land: '#161b24',
  stateLine: '#334053',
} as const;

/**
 * The offline base map (docs/decisions.md): a dark background and US state outlines from the
 * bundled us-atlas package. No glyphs, sprites or tiles: it makes no request at all.
 */
export function localBaseStyle(): StyleSpecification {
  const topology = statesTopology as unknown as Topology<{ states: GeometryCollection }>;
  const states = feature(topology, topology.objects.states);
  return {
    version: 8,
    name: 'fuelportal-offline',
    sources: { states: { type: 'geojson', data: states } },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': MAP_COLORS.background } },
      { id: 'states-fill', type: 'fill', source: 'states', paint: { 'fill-color': MAP_COLORS.land } },
      { id: 'states-line', type: 'line', source: 'states', paint: { 'line-color': MAP_COLORS.stateLine, 'line-width': 1 } },
    ],
  };
}
