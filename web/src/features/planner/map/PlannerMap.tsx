import PlaceIcon from '@mui/icons-material/Place';
import TripOriginIcon from '@mui/icons-material/TripOrigin';
import Box from '@mui/material/Box';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import MapGL, { Layer, Marker, NavigationControl, Source, type MapLayerMouseEvent, type MapRef } from 'react-map-gl/maplibre';
import type { FeatureCollection, LineString } from 'geojson';
import { useGetMapConfigQuery } from '../api/planner-api';
import { StationClusters, type Bounds } from '../model/clusters';
import { MAP_INITIAL_ZOOM, MAP_MAX_ZOOM, MAP_MIN_ZOOM, ROUTE_COLORS, US_CENTER } from '../model/constants';
import { formatPrice } from '../model/format';
import { localBaseStyle } from './base-style';
import type { PlannerMapProps } from './map-view';

// maplibre-gl 6 under Vite: its worker must be emitted and named explicitly (DEPENDENCIES.md).
maplibregl.setWorkerUrl(workerUrl);

const ROUTE_HIT_LAYER = 'route-alternatives-hit';

interface View {
  bounds: Bounds;
  zoom: number;
}

function readView(map: maplibregl.Map): View {
  const bounds = map.getBounds();
  return {
    bounds: [Math.max(-180, bounds.getWest()), Math.max(-85, bounds.getSouth()), Math.min(180, bounds.getEast()), Math.min(85, bounds.getNorth())],
    zoom: map.getZoom(),
  };
}

/** Keeps fitted routes clear of the route summary card (top left, about 320 × 190 px). */
function routePadding(container: HTMLElement) {
  const { width, height } = container.getBoundingClientRect();
  if (width >= 900) return { top: 60, bottom: 60, left: 360, right: 60 };
  return { top: Math.min(230, height / 3), bottom: 40, left: 40, right: 40 };
}

const badgeSx = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '4px',
  px: '8px',
  py: '3px',
  border: '2px solid #0b0e13',
  borderRadius: '999px',
  font: '600 12px/1.2 Inter, "Segoe UI", Roboto, Arial, sans-serif',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  boxShadow: '0 2px 6px rgba(0,0,0,0.5)',
} as const;

/** The MapLibre map: offline base style, price badges with clusters, routes, departure/destination. */
export default function PlannerMap(props: PlannerMapProps) {
  const { t } = useTranslation('planner');
  const { stations, routes, selectedRouteIndex, routeBuild, departure, destination, focus, onLoad, onSelectRoute, onStationClick } = props;
  const mapRef = useRef<MapRef>(null);
  const [view, setView] = useState<View | null>(null);
  const [hoverRoute, setHoverRoute] = useState(false);
  const config = useGetMapConfigQuery();
  const mapStyle = useMemo(() => config.data?.mapStyleUrl || localBaseStyle(), [config.data]);

  const clusters = useMemo(() => new StationClusters(stations), [stations]);
  const badges = useMemo(() => (view ? clusters.badges(view.bounds, view.zoom) : []), [clusters, view]);

  const routeData = useMemo<FeatureCollection<LineString, { index: number; selected: boolean }>>(
    () => ({
      type: 'FeatureCollection',
      features: routes.map((route, index) => ({
        type: 'Feature',
        properties: { index, selected: index === selectedRouteIndex },
        geometry: { type: 'LineString', coordinates: route.points.map((point) => [point.longitude, point.latitude]) },
      })),
    }),
    [routes, selectedRouteIndex],
  );

  // Fit all alternatives after each build.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || routes.length === 0) return;
    const bounds = new maplibregl.LngLatBounds();
    for (const route of routes) for (const point of route.points) bounds.extend([point.longitude, point.latitude]);
    if (!bounds.isEmpty()) map.fitBounds(bounds, { padding: routePadding(map.getContainer()), duration: 800, maxZoom: 12 });
    // Only a new build refits; selecting an alternative keeps the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [routeBuild]);

  useEffect(() => {
    if (!focus) return;
    mapRef.current?.flyTo({ center: [focus.point.longitude, focus.point.latitude], zoom: focus.zoom, duration: 900 });
  }, [focus]);

  const handleLoad = useCallback(() => {
    const map = mapRef.current?.getMap();
    if (map) setView(readView(map));
    onLoad();
  }, [onLoad]);

  const handleMoveEnd = useCallback(() => {
    const map = mapRef.current?.getMap();
    if (map) setView(readView(map));
  }, []);

  const handleClick = useCallback(
    (event: MapLayerMouseEvent) => {
      const hit = event.features?.find((feature) => feature.layer.id === ROUTE_HIT_LAYER);
      if (hit) onSelectRoute(Number(hit.properties?.index));
    },
    [onSelectRoute],
  );

  const zoomIntoCluster = (clusterId: number, longitude: number, latitude: number) => {
    mapRef.current?.easeTo({ center: [longitude, latitude], zoom: clusters.expansionZoom(clusterId), duration: 600 });
  };

  if (config.isLoading) return <Box sx={{ width: '100%', height: '100%', bgcolor: '#0b0e13' }} />;

  return (
    <Box sx={{ width: '100%', height: '100%', bgcolor: '#0b0e13' }} data-testid="planner-map" aria-label={t('map.label')} role="region">
      <MapGL
        ref={mapRef}
        mapLib={maplibregl}
        mapStyle={mapStyle}
        initialViewState={{ longitude: US_CENTER.longitude, latitude: US_CENTER.latitude, zoom: MAP_INITIAL_ZOOM }}
        minZoom={MAP_MIN_ZOOM}
        maxZoom={MAP_MAX_ZOOM}
        style={{ width: '100%', height: '100%' }}
        interactiveLayerIds={[ROUTE_HIT_LAYER]}
        cursor={hoverRoute ? 'pointer' : 'grab'}
        onMouseEnter={() => setHoverRoute(true)}
        onMouseLeave={() => setHoverRoute(false)}
        onClick={handleClick}
        onLoad={handleLoad}
        onMoveEnd={handleMoveEnd}
        dragRotate={false}
        attributionControl={false}
      >
        <NavigationControl position="bottom-right" showCompass={false} />
        <Source id="routes" type="geojson" data={routeData}>
          <Layer
            id="route-alternatives"
            type="line"
            filter={['==', ['get', 'selected'], false]}
            layout={{ 'line-join': 'round', 'line-cap': 'round' }}
            paint={{ 'line-color': ROUTE_COLORS.alternative, 'line-width': 5, 'line-opacity': 0.85 }}
          />
          <Layer
            id={ROUTE_HIT_LAYER}
            type="line"
            filter={['==', ['get', 'selected'], false]}
            paint={{ 'line-color': '#000', 'line-width': 18, 'line-opacity': 0 }}
          />
          <Layer
            id="route-selected-casing"
            type="line"
            filter={['==', ['get', 'selected'], true]}
            layout={{ 'line-join': 'round', 'line-cap': 'round' }}
            paint={{ 'line-color': '#0b2a5c', 'line-width': 9 }}
          />
          <Layer
            id="route-selected"
            type="line"
            filter={['==', ['get', 'selected'], true]}
            layout={{ 'line-join': 'round', 'line-cap': 'round' }}
            paint={{ 'line-color': ROUTE_COLORS.selected, 'line-width': 5 }}
          />
        </Source>

        {badges.map((badge) =>
          badge.kind === 'cluster' ? (
            <Marker key={`c${badge.id}`} longitude={badge.longitude} latitude={badge.latitude}>
              <Box
                component="button"
                type="button"
                data-testid="cluster-badge"
                aria-label={t('map.clusterBadge', { count: badge.count, price: formatPrice(badge.price) })}
                onClick={(event) => {
                  event.stopPropagation();
                  zoomIntoCluster(badge.id, badge.longitude, badge.latitude);
                }}
                sx={{ ...badgeSx, bgcolor: '#f5a623', color: '#1b1204' }}
              >
                {formatPrice(badge.price)}
                <Box component="span" sx={{ bgcolor: '#1b1204', color: '#f5a623', borderRadius: '999px', px: '6px', fontSize: 11 }}>
                  {badge.count}
                </Box>
              </Box>
            </Marker>
          ) : (
            <Marker key={`s${badge.id}`} longitude={badge.longitude} latitude={badge.latitude}>
              <Box
                component="button"
                type="button"
                data-testid="station-badge"
                data-location-id={badge.id}
                aria-label={t('map.stationBadge', { name: clusters.station(badge.id)?.name ?? '', price: formatPrice(badge.price) })}
                onClick={(event) => {
                  event.stopPropagation();
                  onStationClick(badge.id);
                }}
                sx={{ ...badgeSx, bgcolor: '#35c27a', color: '#06130c' }}
              >
                {formatPrice(badge.price)}
              </Box>
            </Marker>
          ),
        )}

        {departure && (
          <Marker longitude={departure.longitude} latitude={departure.latitude} anchor="center">
            <Box data-testid="departure-marker" aria-label={t('map.departure')} sx={{ color: '#35c27a', display: 'flex', filter: 'drop-shadow(0 1px 3px #000)' }}>
              <TripOriginIcon sx={{ fontSize: 26 }} />
            </Box>
          </Marker>
        )}
        {destination && (
          <Marker longitude={destination.longitude} latitude={destination.latitude} anchor="bottom">
            <Box data-testid="destination-marker" aria-label={t('map.destination')} sx={{ color: '#f0524f', display: 'flex', filter: 'drop-shadow(0 1px 3px #000)' }}>
              <PlaceIcon sx={{ fontSize: 38 }} />
            </Box>
          </Marker>
        )}
      </MapGL>
    </Box>
  );
}
