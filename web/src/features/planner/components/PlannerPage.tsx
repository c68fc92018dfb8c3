import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '@/components/layout/AppShell';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notifier';
import { useOnline } from '@/lib/pwa';
import {
  useBuildRouteMutation,
  useGetBestPlanMutation,
  useGetChainsQuery,
  useGetAffiliatesQuery,
  useGetNearRouteStationsQuery,
  useLazyReverseGeocodeQuery,
} from '../api/planner-api';
import { useViewportStations } from '../api/use-viewport-stations';
import { useStartWhenShown } from './map/use-start-when-shown';
import type { PlannerMapProps } from './map/map-view';
import { supportsWebGL } from '@/lib/map';
import { optionsByValue } from '../model/chains';
import {
  CARD_HEIGHT,
  GEOLOCATION_OPTIONS,
  MAX_ALTERNATIVE_ROUTES,
  OPENING_SORT,
  SKELETONS,
} from '../model/constants';
import type { PlanFormValues } from '../model/plan-form';
import {
  initialPlannerState,
  plannerActions as actions,
  plannerReducer,
  selectCanBuildRoute,
  selectCurrentPlan,
} from '../model/planner-state';
import { limitRoutePoints } from '../model/route-points';
import type { ChainOption, Place, RoutePoint, SortBy, SortDirection, Station } from '../model/types';
import { countInView, type MapViewport } from '../model/viewport';
import { RouteSummaryCard } from './RouteSummaryCard';
import { StationFilters } from './StationFilters';
import { StationSkeletons } from './StationList';
import { StationResults } from './StationResults';
import { TopBar } from './TopBar';
import { useNow } from './use-now';
import { visuallyHidden } from '@/components/layout/visually-hidden';
import '@/lib/i18n/texts/planner';

// MapLibre needs WebGL and weighs ~450 KB: a chunk of its own, replaceable in tests.
const PlannerMap = lazy(() => import('./map/PlannerMap'));

// A route's panel (the plan form with its validation library, the plan's summary) is not on the
// first screen: its code loads once the form is first used, before a route can be shown.
const loadRoutePanel = () => import('./RoutePanel');
const RoutePanel = lazy(async () => ({ default: (await loadRoutePanel()).RoutePanel }));

/** Where the map goes while its code loads. */
function MapLoading({ label }: { label: string }) {
  return (
    <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', bgcolor: '#0b0e13' }}>
      <CircularProgress aria-label={label} />
    </Stack>
  );
}

/** Where the map goes before it starts (off screen, or before the page's first screen is done): its size, its colour. */
function MapNotStarted() {
  return <Box sx={{ height: '100%', bgcolor: '#0b0e13' }} data-testid="map-not-started" />;
}

const LEFT_PANEL_WIDTH = 440;
/** The phone's bottom navigation bar (components/layout/AppShell). */
const PHONE_BAR = '64px';

/** What "Save as trip" gets from the planner once a plan is shown: the plan's inputs and route. */
export interface PlanToSave {
  routePoints: RoutePoint[];
  tankCapacity: number;
  currentFuel: number;
  searchRadius: number;
  minGallonsPurchase: number;
  originName: string;
  destinationName: string;
}

interface PlannerPageProps {
  /** /assistant opens the planner with the Smart Route Assistant panel ready (docs/decisions.md). */
  assistant?: boolean;
  /** The map implementation; unit tests pass a stand-in (MapLibre cannot run in jsdom). */
  MapView?: ComponentType<PlannerMapProps>;
  /** "Save as trip" under a computed plan (the trips feature, given by the router); `preload` loads its code. */
  SaveTrip?: ComponentType<{ planned: PlanToSave }> & { preload?: () => void };
  /** The driver's active trip, shown on phones above the stations; it centres the map on its next stop. */
  ActiveTrip?: ComponentType<{ onCentre: (point: RoutePoint) => void }>;
  /** Open with the map centred here (the dashboard's "show next stop on the map"). */
  initialCentre?: RoutePoint;
}

const noStations: Station[] = [];
const noChains: ChainOption[] = [];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handlers = Record<string, (...args: any[]) => void>;

/** Functions that stay the same between renders and call the latest render's `handlers` (for memoised children). */
function useStableHandlers<H extends Handlers>(handlers: H): H {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const call = useCallback((name: keyof H, args: unknown[]) => latest.current[name](...args), []);
  const names = Object.keys(handlers).join(' ');
  return useMemo(
    () => Object.fromEntries(names.split(' ').map((name) => [name, (...args: unknown[]) => call(name, args)])) as H,
    [names, call],
  );
}

/** /navigation, /wex/locations, /assistant: fuel map and route planner (docs/product.md §2.7, §4, §5, §9). */
export function PlannerPage({ assistant = false, MapView = PlannerMap, SaveTrip, ActiveTrip, initialCentre }: PlannerPageProps) {
  const { t } = useTranslation('planner');
  const phone = useIsPhone();
  const [state, dispatch] = useReducer(plannerReducer, initialPlannerState);
  const mapBox = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const [sortBy, setSortBy] = useState<SortBy>(OPENING_SORT.sortBy);
  const [direction, setDirection] = useState<SortDirection>(OPENING_SORT.direction);
  const [chainCodes, setChainCodes] = useState<string[]>([]);
  // The map's tiles and stations come from the server: offline it says so instead of a blank map.
  const online = useOnline();

  const routeActive = state.routes.length > 0;
  const selectedRoute = state.routes[state.selectedRouteIndex];
  const currentPlan = selectCurrentPlan(state);

  const chains = useGetChainsQuery();
  const chainMap = useMemo(() => optionsByValue(chains.data), [chains.data]);
  const affiliates = useGetAffiliatesQuery();
  const affiliateMap = useMemo(() => optionsByValue(affiliates.data), [affiliates.data]);
  // The list and the map follow the map's view; skipped while a route is active (docs/product.md §4).
  const [viewport, setViewport] = useState<MapViewport | null>(null);
  const inView = useViewportStations({ view: viewport, sortBy, direction, chainCodes, enabled: !routeActive });
  const stations = inView.list;
  const listed = inView.listed;
  const mapView = inView.map;
  const now = useNow();
  const routePoints = useMemo(() => (selectedRoute ? limitRoutePoints(selectedRoute.points) : []), [selectedRoute]);
  const nearRoute = useGetNearRouteStationsQuery(
    selectedRoute ? { routeKey: `${state.routeBuild}:${state.selectedRouteIndex}`, points: routePoints, chainCodes } : skipToken,
  );
  const [buildRoute] = useBuildRouteMutation();
  const [requestPlan, planStatus] = useGetBestPlanMutation();
  const [reverseGeocode] = useLazyReverseGeocodeQuery();

  useEffect(() => {
    if (nearRoute.error) console.warn('Stations near the route failed', nearRoute.error);
  }, [nearRoute.error]);

  // The form works before the map (places come from the server): the map draws what was chosen once it starts.
  const canBuildRoute = selectCanBuildRoute(state);

  // Phones show the map below the form and the list: asked to centre it, they scroll to it.
  const showMap = useCallback(() => {
    if (phone) mapBox.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [phone]);
  // The map moves there once it has loaded (PlannerMap).
  useEffect(() => {
    if (!initialCentre) return;
    dispatch(actions.focusRequested(initialCentre));
    showMap();
    // Once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onCentre = useCallback(
    (point: RoutePoint) => {
      dispatch(actions.focusRequested(point));
      showMap();
    },
    [showMap],
  );
  // A badge tapped on the phone's map opens its card in the list: the page scrolls back up to it.
  useEffect(() => {
    if (phone && state.revealed) top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [phone, state.revealed]);

  const planToSave = useMemo<PlanToSave | null>(() => {
    const origin = state.departure.place;
    const target = state.destination.place;
    if (!currentPlan || !state.planValues || !selectedRoute || !origin || !target) return null;
    return { ...state.planValues, routePoints: routePoints, originName: origin.label, destinationName: target.label };
  }, [currentPlan, state.planValues, selectedRoute, routePoints, state.departure.place, state.destination.place]);

  const onBuildRoute = async () => {
    const origin = state.departure.place;
    const target = state.destination.place;
    if (!canBuildRoute || !origin || !target) return;
    const request = state.routeRequests + 1;
    dispatch(actions.routeRequested());
    try {
      const { routes } = await buildRoute({
        origin: { latitude: origin.latitude, longitude: origin.longitude },
        destination: { latitude: target.latitude, longitude: target.longitude },
        waypoints: [],
      }).unwrap();
      if (routes.length === 0) throw new Error('No route');
      dispatch(actions.routesReceived({ request, routes: routes.slice(0, MAX_ALTERNATIVE_ROUTES) }));
    } catch (error) {
      console.warn('Route failed', error);
      dispatch(actions.routeFailed({ request }));
      notify.warning(errorMessage(error, t('topBar.routeFailed')));
    }
  };

  const runPlan = async (values: PlanFormValues, routeIndex: number, fallback: string) => {
    const route = state.routes[routeIndex];
    if (!route) return;
    const routeBuild = state.routeBuild;
    try {
      const plan = await requestPlan({
        amountOfFuel: values.currentFuel,
        trunkCapacity: values.tankCapacity,
        routePoints: limitRoutePoints(route.points),
        searchRadius: values.searchRadius,
        minGallonsPurchase: values.minGallonsPurchase,
        ...(chainCodes.length > 0 ? { chainCodes } : {}),
      }).unwrap();
      dispatch(actions.planReceived({ routeBuild, routeIndex, plan }));
    } catch (error) {
      console.warn('Best plan failed', error);
      dispatch(actions.planFailed({ routeBuild, message: errorMessage(error, fallback) }));
    }
  };

  const onFindBest = (values: PlanFormValues) => {
    dispatch(actions.planRequested(values));
    void runPlan(values, state.selectedRouteIndex, t('assistant.planFailed'));
  };

  const onSelectRoute = (index: number) => {
    if (index === state.selectedRouteIndex || !state.routes[index]) return;
    dispatch(actions.routeSelected(index));
    // A plan was shown: recompute it for this alternative, once per route index (docs/product.md §4).
    const planShown = state.planValues !== null && Object.keys(state.plans).length > 0;
    if (planShown && state.planValues && !state.planAttempts.includes(index)) {
      dispatch(actions.planRecomputeRequested(index));
      void runPlan(state.planValues, index, t('assistant.recalculateFailed'));
    }
  };

  const onUseCurrentLocation = () => {
    if (!('geolocation' in navigator)) {
      console.warn('Geolocation is not available');
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const point = { latitude: position.coords.latitude, longitude: position.coords.longitude };
        const fallback: Place = { ...point, label: `${point.latitude.toFixed(5)}, ${point.longitude.toFixed(5)}` };
        reverseGeocode(point, true)
          .unwrap()
          .then((place) => dispatch(actions.located({ ...point, label: place.label || fallback.label, kind: place.kind })))
          .catch((error: unknown) => {
            console.warn('Reverse geocoding failed', error);
            dispatch(actions.located(fallback));
          });
      },
      (error) => console.warn('Geolocation failed', error),
      GEOLOCATION_OPTIONS,
    );
  };

  // What a route shows (its panel, "Save as trip") loads once the form is first used.
  const prepareRoute = () => {
    void loadRoutePanel().catch(() => undefined);
    SaveTrip?.preload?.();
  };

  const onClearRoute = () => dispatch(actions.routeCleared());
  // The memoised form's handlers: the same functions every render, calling this render's code.
  const formHandlers = useStableHandlers({
    onTextChange: (which: 'departure' | 'destination', text: string) => {
      prepareRoute();
      dispatch(actions.placeTyped({ which, text }));
    },
    onPick: (which: 'departure' | 'destination', place: Place) => {
      prepareRoute();
      dispatch(actions.placePicked({ which, place }));
    },
    onUseCurrentLocation: () => {
      prepareRoute();
      onUseCurrentLocation();
    },
    onBuildRoute: () => void onBuildRoute(),
    onClearRoute,
    onDirectionToggle: () => setDirection((current) => (current === 'asc' ? 'desc' : 'asc')),
  });
  const onToggleStation = useCallback((locationId: number) => dispatch(actions.stationToggled(locationId)), []);
  const onStationClick = useCallback((locationId: number) => dispatch(actions.stationRevealed(locationId)), []);

  const mapStations = useMemo<readonly Station[]>(() => {
    if (currentPlan) return currentPlan.fuelPlan.map((entry) => entry.location);
    if (routeActive) return nearRoute.data ?? noStations;
    return noStations;
  }, [currentPlan, routeActive, nearRoute.data]);

  const listLoading = !stations.isError && (stations.isFetching || listed === undefined);
  // The map (its code, and its start on the main thread: WebGL, its style) comes after the page's
  // first screen: once the stations of the opening view are listed (or could not be) or a route is
  // shown, its box is on screen (on phones it is below the form and the list) and the browser is idle.
  const listSettled = listed !== undefined || stations.isError;
  const mapStarted = useStartWhenShown(mapBox, listSettled || routeActive);
  // A stand-in map (tests) needs no WebGL; the MapLibre one cannot start without it. Asked when
  // the map starts: creating a WebGL context took 10-20 ms of the page's first render.
  const mapAvailable = useMemo(() => mapStarted && (MapView !== PlannerMap || supportsWebGL()), [mapStarted, MapView]);
  // Only a map reports its view: offline or without WebGL none will, so nothing is loading for it.
  const mapReportsView = online && (!mapStarted || mapAvailable);
  // Before the first answer the view is loading too: the map has not reported it or the debounce runs.
  const viewLoading = mapReportsView && !mapView.isError && (mapView.isFetching || mapView.data === undefined);
  const loadingLocations = routeActive ? nearRoute.isFetching : viewLoading;
  const viewFailed = !routeActive && (mapView.isError || stations.isError) && !viewLoading;
  const total = mapView.data ? countInView(mapView.data) : undefined;
  const cardProps = { chains: chainMap, affiliates: affiliateMap, expanded: state.expanded, onToggle: onToggleStation, revealed: state.revealed, now };
  const onRetryView = inView.retry;

  return (
    <Box
      sx={{
        display: 'grid',
        bgcolor: 'background.default',
        // Desktop: the form across the top, the list beside the map, one screen high.
        // Phones: the form and the list fill the first screen above the bottom navigation bar; the
        // map is the next screen down (a driver starts with the form; the map is for looking).
        gridTemplateAreas: { xs: '"top" "list" "map"', md: '"top top" "list map"' },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: `${LEFT_PANEL_WIDTH}px minmax(0, 1fr)` },
        gridTemplateRows: { xs: `auto minmax(0, 1fr) calc(100dvh - ${PHONE_BAR})`, md: 'auto minmax(0, 1fr)' },
        height: { xs: `calc(2 * (100dvh - ${PHONE_BAR}))`, md: '100dvh' },
      }}
      data-testid="planner"
      ref={top}
    >
      <Typography component="h1" sx={visuallyHidden}>
        {assistant ? t('assistantTitle') : t('title')}
      </Typography>
      <Box sx={{ gridArea: 'top', minWidth: 0 }}>
        <TopBar
          departure={state.departure}
          destination={state.destination}
          calculating={state.pendingRouteRequest !== null}
          canBuildRoute={canBuildRoute}
          routeActive={routeActive}
          onTextChange={formHandlers.onTextChange}
          onPick={formHandlers.onPick}
          onUseCurrentLocation={formHandlers.onUseCurrentLocation}
          onBuildRoute={formHandlers.onBuildRoute}
          onClearRoute={formHandlers.onClearRoute}
        />
      </Box>
      <Box
        component="aside"
        aria-label={routeActive ? t('assistant.title') : t('list.stationsLabel')}
        // It scrolls on phones: reachable by keyboard too (axe scrollable-region-focusable).
        tabIndex={phone ? 0 : undefined}
        sx={{
          gridArea: 'list',
          minHeight: 0,
          display: 'flex',
          flexDirection: 'column',
          // Phones: the form, the plan and the list scroll within the panel, above the bottom bar.
          overflowY: { xs: 'auto', md: 'visible' },
          borderRight: { md: '1px solid' },
          borderColor: { md: 'divider' },
          bgcolor: 'background.default',
        }}
      >
        {routeActive ? (
          <Suspense fallback={<StationSkeletons count={SKELETONS.nearRoute} height={CARD_HEIGHT.collapsed} />}>
            <RoutePanel
              {...cardProps}
              nearRouteStations={nearRoute.data}
              nearRouteLoading={nearRoute.isFetching}
              plan={currentPlan}
              detourBasis={state.detourBasis}
              planLoading={planStatus.isLoading}
              planError={state.planError}
              chainOptions={chains.data ?? []}
              chainCodes={chainCodes}
              onChainCodesChange={setChainCodes}
              onFindBest={onFindBest}
              onShowAllNearRoute={() => dispatch(actions.planCleared())}
              onClearRoute={onClearRoute}
              onDismissPlanError={() => dispatch(actions.planErrorDismissed())}
              planActions={SaveTrip && planToSave ? <SaveTrip planned={planToSave} /> : undefined}
            />
          </Suspense>
        ) : (
          <>
            {ActiveTrip && phone && (
              // Its own scroll, so the station list below keeps a share of the phone's screen.
              <Box sx={{ mx: 2, mt: 2, flexShrink: 0, maxHeight: '50%', overflowY: 'auto' }} data-testid="planner-active-trip">
                <ActiveTrip onCentre={onCentre} />
              </Box>
            )}
            {assistant && (
              <Alert icon={<AutoAwesomeIcon fontSize="small" />} severity="info" sx={{ mx: 2, mt: 2 }} data-testid="assistant-hint">
                <Typography variant="subtitle2" component="div">{t('assistant.title')}</Typography>
                {t('assistant.hint')}
              </Alert>
            )}
            <StationFilters
              sortBy={sortBy}
              direction={direction}
              chainCodes={chainCodes}
              chains={chains.data ?? noChains}
              chainsLoading={chains.isLoading}
              onSortByChange={setSortBy}
              onDirectionToggle={formHandlers.onDirectionToggle}
              onChainCodesChange={setChainCodes}
            />
            {viewFailed ? (
              <Alert
                severity="error"
                sx={{ mx: 2, my: 2 }}
                data-testid="view-error"
                action={
                  <Button color="inherit" size="small" onClick={onRetryView}>
                    {t('list.retry')}
                  </Button>
                }
              >
                {t('list.failed')}
              </Alert>
            ) : listLoading ? (
              <StationSkeletons count={SKELETONS.general} height={CARD_HEIGHT.collapsed} />
            ) : (listed ?? []).length > 0 ? (
              <>
                <Typography variant="caption" color="textSecondary" sx={{ px: 2, pb: 1 }} data-testid="station-count" aria-live="polite">
                  {/* The count is the map's (the list holds the cheapest 500 at most): shown once the map's view has answered. */}
                  {total !== undefined && `${t('list.inView', { count: Math.max(total, listed?.length ?? 0) })} · `}
                  {t(sortBy === 'price' ? 'list.cheapestInView' : 'list.bestDiscountInView')}
                </Typography>
                <StationResults stations={listed} {...cardProps} />
              </>
            ) : (
              <Typography variant="body2" color="textSecondary" sx={{ px: 2, py: 3, textAlign: 'center' }} data-testid="no-stations">
                {chainCodes.length > 0 ? t('list.noStations') : t('list.noStationsInView')}
              </Typography>
            )}
          </>
        )}
      </Box>
      <Box ref={mapBox} sx={{ gridArea: 'map', position: 'relative', minHeight: 0, minWidth: 0 }}>
        <Suspense fallback={<MapLoading label={t('map.loading')} />}>
          {!online ? (
            <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', bgcolor: '#0b0e13', p: 3 }} role="status" data-testid="map-offline">
              <Typography sx={{ color: 'grey.300', textAlign: 'center' }}>{t('map.offline')}</Typography>
            </Stack>
          ) : !mapStarted ? (
            <MapNotStarted />
          ) : mapAvailable ? (
            <MapView
              stations={mapStations}
              view={routeActive ? undefined : (mapView.data ?? null)}
              onViewChange={setViewport}
              now={now}
              routes={state.routes}
              selectedRouteIndex={state.selectedRouteIndex}
              routeBuild={state.routeBuild}
              departure={state.departure.place}
              destination={state.destination.place}
              focus={state.focus}
              phone={phone}
              onSelectRoute={onSelectRoute}
              onStationClick={onStationClick}
            />
          ) : (
            <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', bgcolor: '#0b0e13', p: 3 }}>
              <Typography color="textSecondary">{t('map.unavailable')}</Typography>
            </Stack>
          )}
        </Suspense>
        <RouteSummaryCard routes={state.routes} selectedIndex={state.selectedRouteIndex} onSelect={onSelectRoute} />
        {loadingLocations && (
          <Paper
            elevation={6}
            role="status"
            data-testid="loading-locations"
            sx={{
              position: 'absolute',
              top: 16,
              left: '50%',
              transform: 'translateX(-50%)',
              zIndex: 2,
              px: 2,
              py: 1,
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              borderRadius: 999,
              bgcolor: 'rgba(23,26,33,0.94)',
            }}
          >
            <CircularProgress aria-hidden size={16} />
            <Typography variant="body2">{t('map.loadingLocations')}</Typography>
          </Paper>
        )}
      </Box>
    </Box>
  );
}

export default PlannerPage;
