import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, server } from '@/test/server';
import { makeTestStore, renderWithProviders } from '@/test/render';
import { plannerApi } from '../api/planner-api';
import { prefetchPlanner } from '../prefetch';
import { CARD_HEIGHT, PLAN_CARD_DETOUR_EXTRA, PLAN_CARD_HEIGHT } from '../model/constants';
import { FakeMap, UnloadedMap } from '../test/FakeMap';
import { fuelPlan, fuelPlanWithDetour, generalStations, nearRouteStations, routes } from '../test/fixtures';
import { plannerHandlers } from '../test/handlers';
import { PlannerPage } from './PlannerPage';

interface Recorded {
  stationQueries: URLSearchParams[];
  nearRouteBodies: unknown[];
  planBodies: Record<string, unknown>[];
  routeBodies: unknown[];
}

let recorded: Recorded;

beforeEach(() => {
  recorded = { stationQueries: [], nearRouteBodies: [], planBodies: [], routeBodies: [] };
  server.use(...plannerHandlers);
  server.events.on('request:start', async ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/api/locations') recorded.stationQueries.push(url.searchParams);
    if (request.method === 'POST' && url.pathname === '/api/locations/near-route') recorded.nearRouteBodies.push(await request.clone().json());
    if (request.method === 'POST' && url.pathname === '/api/assistant/plan') recorded.planBodies.push(await request.clone().json());
    if (request.method === 'POST' && url.pathname === '/api/maps/route') recorded.routeBodies.push(await request.clone().json());
  });
});

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

/** Holds a handler's answer until the test releases it (whenever the request arrives). */
function gate() {
  let release: () => void = () => {};
  const wait = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { wait, release };
}

const renderPlanner = (props: Partial<Parameters<typeof PlannerPage>[0]> = {}) =>
  renderWithProviders(<PlannerPage MapView={FakeMap} {...props} />);

/** The map has started (after the opening view's stations are listed, once the browser is idle). */
const mapStarted = () => screen.findByTestId('fake-map');

async function pickPlace(user: ReturnType<typeof renderPlanner>['user'], label: RegExp, typed: string, option: string) {
  const input = await screen.findByRole('combobox', { name: label });
  await user.click(input);
  await user.type(input, typed);
  await user.click(await screen.findByRole('option', { name: option }));
}

async function buildRoute(user: ReturnType<typeof renderPlanner>['user']) {
  await pickPlace(user, /^departure$/i, 'Dal', 'Dallas, TX');
  await pickPlace(user, /^destination$/i, 'Okla', 'Oklahoma City, OK');
  await user.click(screen.getByRole('button', { name: 'Build Route' }));
  await screen.findByText('Stations Near Route (4)');
}

async function fillAssistant(user: ReturnType<typeof renderPlanner>['user'], tank: string, fuel: string) {
  await user.type(screen.getByRole('textbox', { name: /tank capacity/i }), tank);
  await user.type(screen.getByRole('textbox', { name: /current fuel/i }), fuel);
}

// Whole-screen flows with many user events: generous on a shared, busy machine.
describe('PlannerPage without a route', () => {
  it('says the map needs a connection while offline, and shows it again once online', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderPlanner();
      expect(screen.getByTestId('map-offline')).toHaveTextContent('The map needs a connection: it shows again once you are back online.');
      // The saved stations are listed; no map will report its view, so nothing says it is loading one.
      expect(await screen.findAllByTestId('station-card')).toHaveLength(4);
      expect(screen.queryByText('Loading locations...')).not.toBeInTheDocument();
      online.mockReturnValue(true);
      fireEvent(window, new Event('online'));
      await waitFor(() => expect(screen.queryByTestId('map-offline')).not.toBeInTheDocument());
    } finally {
      online.mockRestore();
    }
  });

  it('takes places and builds a route before the map has loaded', async () => {
    const { user } = renderPlanner({ MapView: UnloadedMap });
    expect(screen.getByRole('combobox', { name: 'Departure' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Use current location' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Build Route' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear Route' })).toBeDisabled();
    await buildRoute(user);
    expect(screen.getByRole('button', { name: 'Clear Route' })).toBeEnabled();
  });

  it('starts the map only once the opening view is listed, in a box of its size until then', async () => {
    const { wait, release } = gate();
    server.use(
      http.get(apiUrl('/locations'), async () => {
        await wait;
        return HttpResponse.json(generalStations);
      }),
    );
    renderPlanner();
    expect(screen.getByTestId('map-not-started')).toBeInTheDocument();
    expect(screen.queryByTestId('fake-map')).not.toBeInTheDocument();
    release();
    expect(await screen.findByTestId('fake-map')).toBeInTheDocument();
    expect(screen.queryByTestId('map-not-started')).not.toBeInTheDocument();
  });

  it("lists the opening view's stations in its first render once the planner's prefetch has answered, without asking again", async () => {
    const store = makeTestStore();
    store.dispatch(prefetchPlanner());
    await Promise.all(store.dispatch(plannerApi.util.getRunningQueriesThunk()));
    expect(recorded.stationQueries).toHaveLength(1);
    renderWithProviders(<PlannerPage MapView={UnloadedMap} />, { store });
    expect(screen.getAllByTestId('station-card')).toHaveLength(4);
    expect(screen.queryByTestId('station-skeleton')).not.toBeInTheDocument();
    expect(recorded.stationQueries).toHaveLength(1);
  });

  it('shows 8 skeleton cards and the loading banner, then stations sorted by price around the US centre', async () => {
    renderPlanner();
    expect(screen.getAllByTestId('station-skeleton')).toHaveLength(8);
    expect(screen.getByText('Loading locations...')).toBeInTheDocument();
    expect(await screen.findAllByTestId('station-card')).toHaveLength(4);
    // The list does not wait for the map; the banner stays until the map's view has answered.
    await waitFor(() => expect(screen.queryByText('Loading locations...')).not.toBeInTheDocument());
    const query = recorded.stationQueries[0];
    expect(Object.fromEntries(query)).toEqual({ latitude: '39.8283', longitude: '-98.5795', radius: '5000', orderBy: 'price,asc' });
    const first = screen.getAllByTestId('station-card')[0];
    expect(within(first).getByTestId('net-price')).toHaveTextContent('$3.58');
    expect(within(first).getByTestId('retail-price')).toHaveTextContent('$3.86');
    expect(within(first).getByTestId('savings')).toHaveTextContent('28¢ off');
    expect(within(first).getByTestId('ifta-refund')).toHaveTextContent('IFTA refund $0.20');
    expect(screen.getByRole('combobox', { name: 'Departure' })).toBeEnabled();
  });

  it('sorts by discount and toggles the direction', async () => {
    const { user } = renderPlanner();
    await screen.findAllByTestId('station-card');
    await user.click(screen.getByRole('button', { name: 'Toggle sort direction' }));
    await waitFor(() => expect(recorded.stationQueries.at(-1)?.get('orderBy')).toBe('price,desc'));
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(screen.getByRole('option', { name: 'Discount' }));
    await waitFor(() => expect(recorded.stationQueries.at(-1)?.get('orderBy')).toBe('discount,desc'));
    await user.click(screen.getByRole('button', { name: 'Toggle sort direction' }));
    await waitFor(() => expect(recorded.stationQueries.at(-1)?.get('orderBy')).toBe('discount,asc'));
  });

  it('filters by chains and clears the filter', async () => {
    const { user } = renderPlanner();
    await screen.findAllByTestId('station-card');
    const chains = screen.getByRole('combobox', { name: 'Chains' });
    expect(chains).toHaveAttribute('placeholder', 'Select chains');
    await user.click(chains);
    await user.click(await screen.findByRole('option', { name: "Love's" }));
    await user.click(screen.getByRole('option', { name: 'Pilot' }));
    await waitFor(() => expect(recorded.stationQueries.at(-1)?.get('chainCode')).toBe('LOVES,PILOT'));
    await waitFor(() => expect(screen.getAllByTestId('station-card')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Clear chains' }));
    // All chains again: answered from the cache of the first search.
    await waitFor(() => expect(screen.getAllByTestId('station-card')).toHaveLength(4));
    expect(screen.getByRole('combobox', { name: 'Chains' })).toHaveAttribute('placeholder', 'Select chains');
  });

  it('expands several cards and collapses them again', async () => {
    const { user } = renderPlanner();
    await screen.findAllByTestId('station-card');
    await user.click(screen.getByRole('button', { name: /Pilot Travel Center #412.*Show details/ }));
    await user.click(screen.getByRole('button', { name: /Love's Travel Stop #238.*Show details/ }));
    const expanded = screen.getAllByTestId('station-card').filter((card) => card.dataset.expanded === 'true');
    expect(expanded).toHaveLength(2);
    expect(expanded[0]).toHaveStyle({ height: `${CARD_HEIGHT.expanded}px` });
    expect(within(expanded[0]).getByText('I-40 Exit 76')).toBeInTheDocument();
    // The affiliate by name (GET locations/affiliateCodes), not its code.
    expect(await within(expanded[0]).findByText('Pilot Flying J')).toBeInTheDocument();
    expect(within(expanded[0]).queryByText('PILOT_FLYINGJ')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Pilot Travel Center #412.*Hide details/ }));
    expect(screen.getAllByTestId('station-card').filter((card) => card.dataset.expanded === 'true')).toHaveLength(1);
    expect(screen.getAllByTestId('station-card')[0]).toHaveStyle({ height: `${CARD_HEIGHT.collapsed}px` });
  });

  it('expands the card of a clicked map badge', async () => {
    const { user } = renderPlanner();
    await screen.findAllByTestId('station-card');
    await user.click(await screen.findByRole('button', { name: 'badge 1004' }));
    expect(screen.getByRole('button', { name: /Independent Fuel.*Hide details/ })).toHaveAttribute('aria-expanded', 'true');
    // The server sends chain '' for a station without one.
    const card = screen.getAllByTestId('station-card').find((element) => element.dataset.locationId === '1004')!;
    expect(within(card).getByText('Independent')).toBeInTheDocument();
  });

  it('uses the default logo for AMBEST and a missing chain, and a fallback icon when a logo fails', async () => {
    renderPlanner();
    const cards = await screen.findAllByTestId('station-card');
    const byId = (id: number) => cards.find((card) => card.dataset.locationId === String(id))!;
    const logo = (id: number) => within(byId(id)).getByRole('img');
    expect(logo(1003)).toHaveAttribute('src', '/api/locations/logos/DEFAULT.svg');
    expect(logo(1004)).toHaveAttribute('src', '/api/locations/logos/DEFAULT.svg');
    expect(logo(1001)).toHaveAttribute('src', '/api/locations/logos/PILOT.svg');
    fireEvent.error(logo(1001));
    expect(within(byId(1001)).getByTestId('chain-logo-fallback')).toBeInTheDocument();
  });

  it('fills the departure from the current location', async () => {
    const getCurrentPosition = vi.fn((success: PositionCallback, _failure?: PositionErrorCallback, _options?: PositionOptions) =>
      success({ coords: { latitude: 32.78, longitude: -96.8 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const { user } = renderPlanner();
    await mapStarted();
    await user.click(screen.getByRole('button', { name: 'Use current location' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Departure' })).toHaveValue('Dallas, TX'));
    expect(getCurrentPosition.mock.calls[0][2]).toEqual({ enableHighAccuracy: true, timeout: 10000, maximumAge: 60000 });
    expect(screen.getByTestId('fake-map')).toHaveAttribute('data-focus-zoom', '12');
  });

  it('only logs a geolocation failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const getCurrentPosition = vi.fn((_: PositionCallback, failure: PositionErrorCallback) =>
      failure({ code: 1, message: 'denied' } as GeolocationPositionError),
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const { user } = renderPlanner();
    await mapStarted();
    await user.click(screen.getByRole('button', { name: 'Use current location' }));
    expect(warn).toHaveBeenCalledWith('Geolocation failed', expect.anything());
    expect(screen.getByRole('combobox', { name: 'Departure' })).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a hint for the assistant on /assistant', async () => {
    renderPlanner({ assistant: true });
    expect(screen.getByTestId('assistant-hint')).toHaveTextContent('Smart Route Assistant');
  });
});

describe('PlannerPage with a route', () => {
  it('builds a route from the picked places and lists the stations near it', async () => {
    const { user } = renderPlanner();
    await screen.findAllByTestId('station-card');
    await pickPlace(user, /^departure$/i, 'Dal', 'Dallas, TX');
    expect(screen.getByTestId('fake-map')).toHaveAttribute('data-focus-zoom', '11');
    expect(screen.getByRole('button', { name: 'Build Route' })).toBeDisabled();
    await pickPlace(user, /^destination$/i, 'Okla', 'Oklahoma City, OK');
    const stationQueries = recorded.stationQueries.length;
    await user.click(screen.getByRole('button', { name: 'Build Route' }));
    expect(await screen.findByText('Stations Near Route (4)')).toBeInTheDocument();
    expect(recorded.routeBodies[0]).toEqual({
      origin: { latitude: 32.7767, longitude: -96.797 },
      destination: { latitude: 35.4676, longitude: -97.5164 },
      waypoints: [],
    });
    expect(recorded.nearRouteBodies[0]).toEqual(routes[0].points);
    expect(screen.getByTestId('route-distance')).toHaveTextContent('205.9 mi');
    expect(screen.getByTestId('route-duration')).toHaveTextContent('3 h 5 min');
    expect(screen.getByRole('button', { name: 'Clear Route' })).toBeEnabled();
    expect(screen.getAllByTestId('station-card')).toHaveLength(nearRouteStations.length);
    // The general search is skipped while a route is active.
    expect(recorded.stationQueries).toHaveLength(stationQueries);
  });

  it('says Calculating... while the route is computed', async () => {
    const { wait, release } = gate();
    server.use(
      http.post(apiUrl('/maps/route'), async () => {
        await wait;
        return HttpResponse.json({ routes });
      }),
    );
    const { user } = renderPlanner();
    await pickPlace(user, /^departure$/i, 'Dal', 'Dallas, TX');
    await pickPlace(user, /^destination$/i, 'Okla', 'Oklahoma City, OK');
    await user.click(screen.getByRole('button', { name: 'Build Route' }));
    expect(await screen.findByRole('button', { name: 'Calculating...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Stations Near Route (4)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Build Route' })).toBeEnabled();
  });

  it('validates the assistant form on change with the docs/product.md messages', async () => {
    const { user } = renderPlanner();
    await buildRoute(user);
    const submit = screen.getByRole('button', { name: 'Find Best Fuel Options' });
    expect(submit).toBeDisabled();
    const tank = screen.getByRole('textbox', { name: /tank capacity/i });
    const fuel = screen.getByRole('textbox', { name: /current fuel/i });
    await user.type(tank, 'abc');
    expect(await screen.findByText('Tank capacity must be a number')).toBeInTheDocument();
    await user.clear(tank);
    expect(await screen.findByText('Tank capacity is required')).toBeInTheDocument();
    await user.type(tank, '0');
    expect(await screen.findByText('Tank capacity must be positive')).toBeInTheDocument();
    await user.clear(tank);
    await user.type(tank, '200');
    await user.type(fuel, '-1');
    expect(await screen.findByText('Current fuel cannot be negative')).toBeInTheDocument();
    await user.clear(fuel);
    expect(await screen.findByText('Current fuel is required')).toBeInTheDocument();
    await user.type(fuel, 'x');
    expect(await screen.findByText('Current fuel must be a number')).toBeInTheDocument();
    await user.clear(fuel);
    await user.type(fuel, '250');
    expect(await screen.findByText('Current fuel cannot exceed tank capacity')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(fuel);
    await user.type(fuel, '40');
    await waitFor(() => expect(submit).toBeEnabled());
    // Advanced fields exist, hidden, with their defaults.
    const advanced = screen.getByTestId('advanced-fields');
    expect(advanced).not.toBeVisible();
    expect(within(advanced).getByRole('textbox', { name: 'Search radius (miles)', hidden: true })).toHaveValue('5');
    expect(within(advanced).getByRole('textbox', { name: 'Min gallons purchase', hidden: true })).toHaveValue('5');
  });

  it('finds the best fuel options, shows the plan against buying without one, and goes back', async () => {
    const { wait, release } = gate();
    server.use(
      http.post(apiUrl('/assistant/plan'), async () => {
        await wait;
        return HttpResponse.json(fuelPlan);
      }),
    );
    const { user } = renderPlanner();
    await buildRoute(user);
    await fillAssistant(user, '200', '40');
    await user.click(screen.getByRole('button', { name: 'Find Best Fuel Options' }));
    expect(await screen.findByText('Finding best fuel options...')).toBeInTheDocument();
    expect(screen.getAllByTestId('station-skeleton')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Find Best Fuel Options' })).toBeDisabled();
    release();
    expect(await screen.findByText('Best Fuel Options (2)')).toBeInTheDocument();
    expect(recorded.planBodies[0]).toEqual({
      amountOfFuel: 40,
      trunkCapacity: 200,
      routePoints: routes[0].points,
      searchRadius: 5,
      minGallonsPurchase: 5,
    });
    expect(screen.getByTestId('plan-total-cost')).toHaveTextContent('$521.86');
    expect(screen.getByTestId('plan-naive-cost')).toHaveTextContent('$582.61');
    expect(screen.getByTestId('plan-saving')).toHaveTextContent('You save $60.75');
    const cards = screen.getAllByTestId('station-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveStyle({ height: `${PLAN_CARD_HEIGHT.collapsed}px` });
    expect(within(cards[0]).getByTestId('plan-entry')).toHaveTextContent('Stop 1Buy 120.5 gal·$390.30');
    await user.click(within(cards[0]).getByRole('button', { name: /TA Ardmore/ }));
    expect(screen.getAllByTestId('station-card')[0]).toHaveStyle({ height: `${PLAN_CARD_HEIGHT.expanded}px` });
    await user.click(screen.getByRole('button', { name: 'Show All Near Route' }));
    expect(await screen.findByText('Stations Near Route (4)')).toBeInTheDocument();
    // A fuel-only plan leaves the near-route cards without a net saving.
    expect(screen.queryByTestId('station-net-saving')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('station-card')[0]).toHaveStyle({ height: `${CARD_HEIGHT.collapsed}px` });
  });

  it('shows the server message when the best plan fails', async () => {
    const message = 'No station within range between mile 812 and mile 1,190 (gap 378 mi, range 246 mi)';
    server.use(http.post(apiUrl('/assistant/plan'), () => HttpResponse.json({ status: 422, message }, { status: 422 })));
    const { user } = renderPlanner();
    await buildRoute(user);
    await fillAssistant(user, '200', '40');
    await user.click(screen.getByRole('button', { name: 'Find Best Fuel Options' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByText('Stations Near Route (4)')).toBeInTheDocument();
  });

  it('re-fetches the stations near a selected alternative and recomputes the plan once per route', async () => {
    const { user } = renderPlanner();
    await buildRoute(user);
    await fillAssistant(user, '200', '40');
    await user.click(screen.getByRole('button', { name: 'Find Best Fuel Options' }));
    await screen.findByText('Best Fuel Options (2)');

    await user.click(screen.getByRole('button', { name: 'polyline 1' }));
    expect(await screen.findByText('Best Fuel Options (1)')).toBeInTheDocument();
    expect(screen.getByTestId('route-distance')).toHaveTextContent('223.0 mi');
    await waitFor(() => expect(recorded.nearRouteBodies).toHaveLength(2));
    expect(recorded.nearRouteBodies[1]).toEqual(routes[1].points);
    expect(recorded.planBodies).toHaveLength(2);
    expect(recorded.planBodies[1].routePoints).toEqual(routes[1].points);

    // Back and forth: plans are cached per route index, not recomputed.
    await user.click(screen.getByRole('button', { name: /^Select ?Route 1\b/ }));
    expect(await screen.findByText('Best Fuel Options (2)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'polyline 1' }));
    expect(await screen.findByText('Best Fuel Options (1)')).toBeInTheDocument();
    expect(recorded.planBodies).toHaveLength(2);
  });

  it('falls back to the recalculation message when the recompute fails without one', async () => {
    const { user } = renderPlanner();
    await buildRoute(user);
    await fillAssistant(user, '200', '40');
    await user.click(screen.getByRole('button', { name: 'Find Best Fuel Options' }));
    await screen.findByText('Best Fuel Options (2)');
    server.use(http.post(apiUrl('/assistant/plan'), () => new HttpResponse(null, { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'polyline 1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to recalculate best fuel options');
    expect(await screen.findByText('Stations Near Route (1)')).toBeInTheDocument();
  });

  it('shows 6 skeletons while the stations near the route load', async () => {
    const { wait, release } = gate();
    server.use(
      http.post(apiUrl('/locations/near-route'), async () => {
        await wait;
        return HttpResponse.json(nearRouteStations);
      }),
    );
    const { user } = renderPlanner();
    await pickPlace(user, /^departure$/i, 'Dal', 'Dallas, TX');
    await pickPlace(user, /^destination$/i, 'Okla', 'Oklahoma City, OK');
    await user.click(screen.getByRole('button', { name: 'Build Route' }));
    expect(await screen.findByText('Finding gas stations near your route...')).toBeInTheDocument();
    expect(screen.getAllByTestId('station-skeleton')).toHaveLength(6);
    expect(screen.getByText('Loading locations...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Stations Near Route (4)')).toBeInTheDocument();
  });

  it('offers to clear the route when no station is near it', async () => {
    server.use(http.post(apiUrl('/locations/near-route'), () => HttpResponse.json([])));
    const { user } = renderPlanner();
    await pickPlace(user, /^departure$/i, 'Dal', 'Dallas, TX');
    await pickPlace(user, /^destination$/i, 'Okla', 'Oklahoma City, OK');
    await user.click(screen.getByRole('button', { name: 'Build Route' }));
    expect(await screen.findByText('No Stations Found')).toBeInTheDocument();
    expect(screen.getByText('No gas stations near your route. Try a different route or clear to see all stations.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Route & Show All Stations' }));
    expect(await screen.findAllByTestId('station-card')).toHaveLength(generalStations.length);
    expect(screen.getByRole('combobox', { name: 'Departure' })).toHaveValue('');
  });

  it('filters the stations near the route by chain', async () => {
    const { user } = renderPlanner();
    await buildRoute(user);
    await user.click(screen.getByRole('combobox', { name: 'Chains' }));
    await user.click(await screen.findByRole('option', { name: 'Pilot' }));
    await waitFor(() => expect(recorded.nearRouteBodies).toHaveLength(2));
  });

  it('resets route, results, form, inputs and coordinates on Clear Route', async () => {
    const { user } = renderPlanner();
    await buildRoute(user);
    await fillAssistant(user, '200', '40');
    await user.click(screen.getByRole('button', { name: 'Find Best Fuel Options' }));
    await screen.findByText('Best Fuel Options (2)');
    await user.click(screen.getByRole('button', { name: 'Clear Route' }));
    expect(screen.queryByText('Smart Route Assistant')).not.toBeInTheDocument();
    expect(screen.queryByTestId('route-summary')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /polyline/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('fake-departure')).not.toBeInTheDocument();
    expect(screen.queryByTestId('fake-destination')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Departure' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Destination' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Clear Route' })).toBeDisabled();
    expect(await screen.findAllByTestId('station-card')).toHaveLength(generalStations.length);
    // Building again starts with an empty form.
    await buildRoute(user);
    expect(screen.getByRole('textbox', { name: /tank capacity/i })).toHaveValue('');
  });
});

describe('PlannerPage with enough fuel', () => {
  it('says no stop is needed when the plan buys nothing', async () => {
    server.use(
      http.post(apiUrl('/assistant/plan'), () =>
        HttpResponse.json({ fuelPlan: [], totalCost: 0, totalGallons: 0, naiveCost: 0, naivetotalGallons: 0 }),
      ),
    );
    const { user } = renderPlanner();
    await buildRoute(user);
    await fillAssistant(user, '200', '150');
    await user.click(screen.getByRole('button', { name: 'Find Best Fuel Options' }));
    expect(await screen.findByText('Best Fuel Options (0)')).toBeInTheDocument();
    expect(screen.getByTestId('no-stop-needed')).toHaveTextContent('You have enough fuel for this route: no stop needed.');
    expect(screen.queryByTestId('plan-summary')).not.toBeInTheDocument();
  });
});

describe('PlannerPage with a contract that counts detours', () => {
  it('shows the net saving after the detour on the plan card and on each stop card', async () => {
    server.use(http.post(apiUrl('/assistant/plan'), () => HttpResponse.json(fuelPlanWithDetour)));
    const { user } = renderPlanner();
    await buildRoute(user);
    await fillAssistant(user, '200', '40');
    await user.click(screen.getByRole('button', { name: 'Find Best Fuel Options' }));
    expect(await screen.findByText('Best Fuel Options (2)')).toBeInTheDocument();
    expect(screen.getByTestId('plan-net-saving')).toHaveTextContent('Net saving $30.94 after detour');
    const cards = screen.getAllByTestId('station-card');
    // The net saving line makes the card taller than a fuel-only plan card.
    expect(cards[0]).toHaveStyle({ height: `${PLAN_CARD_HEIGHT.collapsed + PLAN_CARD_DETOUR_EXTRA}px` });
    expect(within(cards[0]).getByTestId('plan-entry-net-saving')).toHaveTextContent('Net saving $37.92 after detour');
    expect(within(cards[1]).getByTestId('plan-entry-net-saving')).toHaveTextContent('Costs $6.98 more after detour');

    // All the stations near the route: each card says what a stop there nets after its detour.
    await user.click(screen.getByRole('button', { name: 'Show All Near Route' }));
    expect(await screen.findByText('Stations Near Route (4)')).toBeInTheDocument();
    const nearCards = screen.getAllByTestId('station-card');
    expect(nearCards[0]).toHaveStyle({ height: `${CARD_HEIGHT.collapsed + PLAN_CARD_DETOUR_EXTRA}px` });
    // Pilot #1090: 28¢ off × 80.25 gal (the plan's average stop) less 2 × 0.4 mi × $1.85 + $25.
    expect(within(nearCards[0]).getByTestId('station-net-saving')).toHaveTextContent('Costs $4.01 more after detour');
  });
});

describe('PlannerPage and trips', () => {
  it('offers "Save as trip" under a computed plan with its inputs, route and place names', async () => {
    const saved: unknown[] = [];
    function SaveTrip({ planned }: { planned: unknown }) {
      saved.push(planned);
      return <button type="button">Save as trip</button>;
    }
    const { user } = renderPlanner({ SaveTrip });
    await buildRoute(user);
    expect(screen.queryByRole('button', { name: 'Save as trip' })).not.toBeInTheDocument();
    await fillAssistant(user, '200', '40');
    await user.click(screen.getByRole('button', { name: 'Find Best Fuel Options' }));
    expect(await screen.findByRole('button', { name: 'Save as trip' })).toBeInTheDocument();
    expect(saved.at(-1)).toEqual({
      tankCapacity: 200,
      currentFuel: 40,
      searchRadius: 5,
      minGallonsPurchase: 5,
      routePoints: routes[0].points,
      originName: 'Dallas, TX',
      destinationName: 'Oklahoma City, OK',
    });
  });

  it('centres the map on the point it was opened for once the map has loaded', async () => {
    renderPlanner({ initialCentre: { latitude: 34.1743, longitude: -97.1436 } });
    await waitFor(() => expect(screen.getByTestId('fake-map')).toHaveAttribute('data-focus-zoom', '12'));
  });
});
