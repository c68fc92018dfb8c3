import type { FeatureCollection } from 'geojson';
import { Layer, Source } from 'react-map-gl/maplibre';
import type { Basemap } from '../../model/types';
import { CITY_DOT_COLOR, CITY_LABEL_PREFIX } from './city-labels';

/** The layer the base map is drawn under: the routes and stations stay on top. */
const BELOW = 'route-alternatives';

/** The built-in Interstates and cities (GET /maps/basemap), under the routes and stations. */
export function BasemapLayers({ data }: { data: Basemap }) {
  return (
    <Source id="basemap" type="geojson" data={data as FeatureCollection}>
      <Layer
        id="basemap-interstates"
        type="line"
        beforeId={BELOW}
        filter={['==', ['get', 'kind'], 'interstate']}
        layout={{ 'line-join': 'round', 'line-cap': 'round' }}
        paint={{ 'line-color': '#3d4a5e', 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 8, 2, 12, 3.5] }}
      />
      <Layer
        id="basemap-cities"
        type="circle"
        beforeId={BELOW}
        filter={['all', ['!=', ['get', 'kind'], 'interstate'], ['>=', ['zoom'], 4]]}
        paint={{ 'circle-radius': 2.5, 'circle-color': CITY_DOT_COLOR }}
      />
      <Layer
        id="basemap-city-labels"
        type="symbol"
        beforeId={BELOW}
        filter={['!=', ['get', 'kind'], 'interstate']}
        // Bigger cities first, so they win collisions at low zoom.
        layout={{
          'icon-image': ['concat', CITY_LABEL_PREFIX, ['get', 'name']],
          'icon-anchor': 'left',
          'icon-offset': [4, 0],
          'symbol-sort-key': ['-', 0, ['coalesce', ['get', 'population'], 0]],
          'icon-allow-overlap': false,
        }}
        minzoom={4}
      />
    </Source>
  );
}
