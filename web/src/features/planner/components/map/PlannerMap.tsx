import PlaceIcon from '@mui/icons-material/Place';
import TripOriginIcon from '@mui/icons-material/TripOrigin';
import Box from '@mui/material/Box';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import MapGL, { Layer, Marker, NavigationControl, Source, type MapLayerMouseEvent, type MapRef } from 'react-map-gl/maplibre';
import type { FeatureCollection, LineString } from 'geojson';
import { localBaseStyle } from '@/lib/map';
import { maplibregl } from '@/lib/map/maplibre';
import { useGetBasemapQuery, useGetMapConfigQuery } from '../../api/planner-api';
import { StationClusters, type StationBadge } from '../../model/clusters';
import { CLUSTER_CLICK_MAX_ZOOM, MAP_MAX_ZOOM, MAP_MIN_ZOOM, ROUTE_COLORS, US_BOUNDS } from '../../model/constants';
import { formatPrice } from '../../model/format';
import type { Station } from '../../model/types';
import type { MapViewport } from '../../model/viewport';
import { priceAgeText } from '../price-age-text';
import { BasemapLayers } from './basemap-layers';
import { addCityLabelImage } from './city-labels';
import type { PlannerMapProps } from './map-view';
import '@/lib/i18n/texts/planner';

const ROUTE_HIT_LAYER = 'route-alternatives-hit';

/** A server cluster's click zooms in this much (it splits within about two zoom levels). */
const CLUSTER_STEP_ZOOM = 2;

function readView(map: maplibregl.Map): MapViewport {
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

/** Fits every alternative in view (duration 0: at once). */
function fitRoutes(map: maplibregl.Map, routes: PlannerMapProps['routes'], duration: number) {
  const bounds = new maplibregl.LngLatBounds();
  for (const route of routes) for (const point of route.points) bounds.extend([point.longitude, point.latitude]);
  if (!bounds.isEmpty()) map.fitBounds(bounds, { padding: routePadding(map.getContainer()), duration, maxZoom: 12 });
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
  const { stations, view: serverView, onViewChange, routes, selectedRouteIndex, routeBuild, departure, destination, focus, phone = false, onSelectRoute, onStationClick } = props;
  const [mounted] = useState(() => Date.now());
  const now = props.now ?? mounted;
  const mapRef = useRef<MapRef>(null);
  const [view, setView] = useState<MapViewport | null>(null);
  const [hoverRoute, setHoverRoute] = useState(false);
  // The base map's roads and cities are added once the map has loaded, so they never delay it.
  const [loaded, setLoaded] = useState(false);
  const config = useGetMapConfigQuery();
  // A configured style URL replaces the offline base map (docs/decisions.md).
  const offline = !config.isLoading && !config.data?.mapStyleUrl;
  const mapStyle = useMemo(() => config.data?.mapStyleUrl || localBaseStyle(), [config.data]);
  const basemap = useGetBasemapQuery(undefined, { skip: !offline });

  const clusters = useMemo(() => new StationClusters(stations), [stations]);
  const byId = useMemo(() => {
    const all = new Map<number, Station>();
    for (const station of serverView ? serverView.stations : stations) all.set(station.locationId, station);
    return all;
  }, [serverView, stations]);
  const badges = useMemo<StationBadge[]>(() => {
    // The server's view is drawn as it comes: it already clustered every station of the box.
    if (serverView) {
      return [
        ...serverView.clusters.map((cluster, index) => ({
          kind: 'cluster' as const,
          id: index,
          latitude: cluster.latitude,
          longitude: cluster.longitude,
          price: cluster.minNetPrice,
          count: cluster.count,
        })),
        ...serverView.stations.map((station) => ({
          kind: 'station' as const,
          id: station.locationId,
          latitude: station.latitude,
          longitude: station.longitude,
          price: station.netPrice,
        })),
      ];
    }
    return view ? clusters.badges(view.bounds, view.zoom) : [];
  }, [serverView, clusters, view]);

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
    const map = mapRef.current?.getMap();
    if (!map || routes.length === 0) return;
    fitRoutes(map, routes, 800);
    // Only a new build refits; selecting an alternative keeps the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [routeBuild]);
  // What was asked of the map before it loaded (the form works before the map starts): drawn on load.
  const pending = useRef({ routes, focus });
  useEffect(() => {
    pending.current = { routes, focus };
  });

  useEffect(() => {
    if (!focus) return;
    mapRef.current?.flyTo({ center: [focus.point.longitude, focus.point.latitude], zoom: focus.zoom, duration: 900 });
  }, [focus]);

  const reportView = useCallback(() => {
    const map = mapRef.current?.getMap();
    if (!map) return;
    const next = readView(map);
    setView(next);
    onViewChange?.(next);
  }, [onViewChange]);

  const handleLoad = useCallback(() => {
    const map = mapRef.current?.getMap();
    if (map) {
      // A resolver, not a styleimagemissing listener: MapLibre asks it before it gives up on an
      // image, whereas the event comes after the warning (one per city name and tile).
      map.setMissingStyleImageResolver((id) => addCityLabelImage(map, id));
      // The e2e tests pan and zoom through the map itself.
      (window as { __plannerMap?: maplibregl.Map }).__plannerMap = map;
      const { routes: built, focus: asked } = pending.current;
      if (built.length > 0) fitRoutes(map, built, 0);
      else if (asked) map.jumpTo({ center: [asked.point.longitude, asked.point.latitude], zoom: asked.zoom });
    }
    reportView();
    setLoaded(true);
  }, [reportView]);

  const handleClick = useCallback(
    (event: MapLayerMouseEvent) => {
      const hit = event.features?.find((feature) => feature.layer.id === ROUTE_HIT_LAYER);
      if (hit) onSelectRoute(Number(hit.properties?.index));
    },
    [onSelectRoute],
  );

  const zoomIntoCluster = (clusterId: number, longitude: number, latitude: number) => {
    const map = mapRef.current;
    if (!map) return;
    const zoom = serverView ? Math.min(map.getZoom() + CLUSTER_STEP_ZOOM, CLUSTER_CLICK_MAX_ZOOM) : clusters.expansionZoom(clusterId);
    map.easeTo({ center: [longitude, latitude], zoom, duration: 600 });
  };

  if (config.isLoading) return <Box sx={{ width: '100%', height: '100%', bgcolor: '#0b0e13' }} />;

  return (
    <Box sx={{ width: '100%', height: '100%', bgcolor: '#0b0e13' }} data-testid="planner-map" aria-label={t('map.label')} role="region">
      <MapGL
        ref={mapRef}
        mapLib={maplibregl}
        mapStyle={mapStyle}
        initialViewState={{ bounds: US_BOUNDS, fitBoundsOptions: { padding: 8 } }}
        minZoom={MAP_MIN_ZOOM}
        maxZoom={MAP_MAX_ZOOM}
        style={{ width: '100%', height: '100%' }}
        interactiveLayerIds={[ROUTE_HIT_LAYER]}
        cursor={hoverRoute ? 'pointer' : 'grab'}
        onMouseEnter={() => setHoverRoute(true)}
        onMouseLeave={() => setHoverRoute(false)}
        onClick={handleClick}
        onLoad={handleLoad}
        onMoveEnd={reportView}
        dragRotate={false}
        cooperativeGestures={phone}
        locale={phone ? { 'CooperativeGesturesHandler.MobileHelpText': t('map.twoFingers') } : undefined}
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
        {loaded && offline && basemap.data && <BasemapLayers data={basemap.data} />}

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
                {/* The name holds the shown price and count in this order, apart ("$3.37 307", not "$3.37307"). */}
                {formatPrice(badge.price)}{' '}
                <Box component="span" sx={{ bgcolor: '#1b1204', color: '#f5a623', borderRadius: '999px', px: '6px', fontSize: 11 }}>
                  {badge.count}
                </Box>
              </Box>
            </Marker>
          ) : (
            <StationMarker key={`s${badge.id}`} badge={badge} station={byId.get(badge.id)} now={now} onClick={onStationClick} />
          ),
        )}

        {departure && (
          <Marker longitude={departure.longitude} latitude={departure.latitude} anchor="center">
            <Box data-testid="departure-marker" role="img" aria-label={t('map.departure')} sx={{ color: '#35c27a', display: 'flex', filter: 'drop-shadow(0 1px 3px #000)' }}>
              <TripOriginIcon sx={{ fontSize: 26 }} />
            </Box>
          </Marker>
        )}
        {destination && (
          <Marker longitude={destination.longitude} latitude={destination.latitude} anchor="bottom">
            <Box data-testid="destination-marker" role="img" aria-label={t('map.destination')} sx={{ color: '#f0524f', display: 'flex', filter: 'drop-shadow(0 1px 3px #000)' }}>
              <PlaceIcon sx={{ fontSize: 38 }} />
            </Box>
          </Marker>
        )}
      </MapGL>
    </Box>
  );
}

function StationMarker({ badge, station, now, onClick }: { badge: StationBadge; station?: Station; now: number; onClick: (id: number) => void }) {
  const { t } = useTranslation('planner');
  const age = station ? priceAgeText(t, station, now) : null;
  const name = station?.name ?? '';
  const price = formatPrice(badge.price);
  const label = age?.stale ? t('map.staleBadge', { name, price, age: age.text }) : t('map.stationBadge', { name, price, age: age?.text ?? '' });
  return (
    <Marker longitude={badge.longitude} latitude={badge.latitude}>
      <Box
        component="button"
        type="button"
        data-testid="station-badge"
        data-location-id={badge.id}
        data-stale={age?.stale ?? false}
        aria-label={label}
        title={label}
        onClick={(event) => {
          event.stopPropagation();
          onClick(badge.id);
        }}
        // Stale prices (older than 48 h) are grey and dashed: still shown, not to be trusted.
        sx={{ ...badgeSx, ...(age?.stale ? { bgcolor: '#8a93a3', color: '#0b0e13', borderStyle: 'dashed' } : { bgcolor: '#35c27a', color: '#06130c' }) }}
      >
        {price}
      </Box>
    </Marker>
  );
}
