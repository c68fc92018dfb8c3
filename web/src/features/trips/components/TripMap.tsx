import Box from '@mui/material/Box';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import MapGL, { Layer, Marker, NavigationControl, Source, type MapRef } from 'react-map-gl/maplibre';
import type { Feature, LineString } from 'geojson';
import { localBaseStyle } from '@/lib/map';
import { maplibregl } from '@/lib/map/maplibre';
import type { TripMapData } from '../model/trip-map';
import type { TripPoint } from '../api/trip-types';
import '@/lib/i18n/texts/trips';

export interface TripMapProps {
  data: TripMapData;
  /** The driver's position, when they shared it. */
  position: TripPoint | null;
}

const STOP_COLORS = { next: '#f5a623', later: '#2f7cf6', made: '#35c27a' } as const;

/**
 * The active trip's MapLibre map on the offline base map (it needs no network at the pump):
 * the route, the numbered planned stops (the next one larger and amber, made ones green) and
 * the driver's position. It fits the trip when it opens and when the position first arrives.
 */
export default function TripMap({ data, position }: TripMapProps) {
  const { t } = useTranslation('trips');
  const mapRef = useRef<MapRef>(null);
  const style = useMemo(() => localBaseStyle(), []);
  const route = useMemo<Feature<LineString>>(() => ({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: data.route } }), [data.route]);
  const hasPosition = position !== null;

  useEffect(() => {
    if (data.bounds) mapRef.current?.fitBounds(data.bounds, { padding: 32, duration: 0, maxZoom: 12 });
    // Refit when the position first arrives (the box then holds it), not on every change of it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasPosition]);

  return (
    <Box sx={{ width: '100%', height: '100%' }} data-testid="trip-map" role="region" aria-label={t('map.label')}>
      <MapGL
        ref={mapRef}
        mapLib={maplibregl}
        mapStyle={style}
        initialViewState={data.bounds ? { bounds: data.bounds, fitBoundsOptions: { padding: 32, maxZoom: 12 } } : undefined}
        style={{ width: '100%', height: '100%' }}
        dragRotate={false}
        attributionControl={false}
        cooperativeGestures
      >
        <NavigationControl position="bottom-right" showCompass={false} />
        <Source id="trip-route" type="geojson" data={route}>
          <Layer id="trip-route-casing" type="line" layout={{ 'line-join': 'round', 'line-cap': 'round' }} paint={{ 'line-color': '#0b2a5c', 'line-width': 8 }} />
          <Layer id="trip-route-line" type="line" layout={{ 'line-join': 'round', 'line-cap': 'round' }} paint={{ 'line-color': '#2f7cf6', 'line-width': 4 }} />
        </Source>
        {data.stops.map(({ stop, number, state }) => (
          <Marker key={`${stop.location.locationId}-${number}`} longitude={stop.location.longitude} latitude={stop.location.latitude} anchor="center" style={{ zIndex: state === 'next' ? 2 : 1 }}>
            <Box
              role="img"
              data-testid="trip-map-stop"
              data-state={state}
              aria-label={t(`map.stop.${state}`, { number, name: stop.location.name })}
              title={t(`map.stop.${state}`, { number, name: stop.location.name })}
              sx={{
                display: 'grid',
                placeItems: 'center',
                width: state === 'next' ? 34 : 24,
                height: state === 'next' ? 34 : 24,
                borderRadius: '50%',
                border: '2px solid #0b0e13',
                bgcolor: STOP_COLORS[state],
                color: '#0b0e13',
                font: `700 ${state === 'next' ? 15 : 12}px/1 Inter, "Segoe UI", Roboto, Arial, sans-serif`,
                boxShadow: state === 'next' ? '0 0 0 4px rgba(245,166,35,0.45), 0 2px 6px rgba(0,0,0,0.6)' : '0 2px 6px rgba(0,0,0,0.5)',
              }}
            >
              {number}
            </Box>
          </Marker>
        ))}
        {position && (
          <Marker longitude={position.longitude} latitude={position.latitude} anchor="center" style={{ zIndex: 3 }}>
            <Box
              role="img"
              data-testid="trip-map-position"
              aria-label={t('map.position')}
              title={t('map.position')}
              sx={{ width: 18, height: 18, borderRadius: '50%', bgcolor: '#4fc3f7', border: '3px solid #fff', boxShadow: '0 0 0 6px rgba(79,195,247,0.3)' }}
            />
          </Marker>
        )}
      </MapGL>
    </Box>
  );
}
