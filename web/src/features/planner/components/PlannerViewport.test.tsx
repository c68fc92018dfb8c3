import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiUrl, server } from '@/test/server';
import { renderWithProviders } from '@/test/render';
import { FakeMap } from '../test/FakeMap';
import { generalStations } from '../test/fixtures';
import { plannerHandlers } from '../test/handlers';
import { PlannerPage } from './PlannerPage';
import { StationCard } from './StationCard';

interface Seen {
  url: URL;
  aborted: () => boolean;
}

let mapRequests: Seen[];
let listRequests: Seen[];

beforeEach(() => {
  mapRequests = [];
  listRequests = [];
  server.use(...plannerHandlers);
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const seen = { url, aborted: () => request.signal.aborted };
    if (url.pathname === '/api/locations/map') mapRequests.push(seen);
    if (url.pathname === '/api/locations') listRequests.push(seen);
  });
});

afterEach(() => {
  server.events.removeAllListeners();
});

const renderPlanner = () => renderWithProviders(<PlannerPage MapView={FakeMap} />);

const cities = () => screen.getAllByTestId('station-card').map((card) => card.textContent ?? '');

describe('the planner follows the map view', () => {
  it('asks for the opening view and counts every station in it', async () => {
    renderPlanner();
    await waitFor(() => expect(screen.getAllByTestId('station-card')).toHaveLength(4));
    // The map starts once the opening view's stations are listed, then asks for its own view.
    await waitFor(() => expect(mapRequests).toHaveLength(1));
    expect(Object.fromEntries(mapRequests[0].url.searchParams)).toEqual({ bbox: '-125,24,-66,50', zoom: '4' });
    expect(screen.getByTestId('station-count')).toHaveTextContent('4 stations in view · Cheapest in view first');
    // The fake map draws what the server answered for the view.
    expect(screen.getByRole('button', { name: 'badge 1004' })).toBeInTheDocument();
  });

  it('lists the cheapest stations of a new view and asks the server for its box', async () => {
    const { user } = renderPlanner();
    await waitFor(() => expect(screen.getAllByTestId('station-card')).toHaveLength(4));
    // The map starts after the list (once the browser is idle) and asks for the opening view.
    await waitFor(() => expect(mapRequests).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'move to ozarks' }));
    await waitFor(() => expect(screen.getAllByTestId('station-card')).toHaveLength(2));
    expect(cities()[0]).toContain('Joplin');
    expect(cities()[1]).toContain('Tulsa');
    await waitFor(() => expect(screen.getByTestId('station-count')).toHaveTextContent('2 stations in view'));
    const map = mapRequests.at(-1)!.url.searchParams;
    expect(map.get('bbox')).toBe('-96.5,35.8,-94,37.5');
    expect(map.get('zoom')).toBe('8');
    const list = listRequests.at(-1)!.url.searchParams;
    expect(list.get('latitude')).toBe('36.65');
    expect(list.get('longitude')).toBe('-95.25');
    expect(Number(list.get('radius'))).toBeLessThan(200);
    expect(screen.queryByRole('button', { name: 'badge 1001' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'move to dallas' }));
    expect(await screen.findByTestId('no-stations')).toHaveTextContent('No stations in this part of the map');
  });

  it('waits until the view is still and aborts the request of a view left behind', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user } = renderPlanner();
    await waitFor(() => expect(screen.getAllByTestId('station-card')).toHaveLength(4));
    // The map starts after the list (once the browser is idle) and asks for the opening view.
    await waitFor(() => expect(mapRequests).toHaveLength(1));
    server.use(
      http.get(apiUrl('/locations/map'), async ({ request }) => {
        if (new URL(request.url).searchParams.get('zoom') === '9') await held;
        return HttpResponse.json({ clusters: [], stations: [] });
      }),
    );
    const before = mapRequests.length;
    // Two moves in one task (no timer can run between them): only the last view is asked for.
    fireEvent.click(screen.getByRole('button', { name: 'move to ozarks' }));
    fireEvent.click(screen.getByRole('button', { name: 'move to dallas' }));
    await waitFor(() => expect(mapRequests.length).toBe(before + 1));
    const dallas = mapRequests.at(-1)!;
    expect(dallas.url.searchParams.get('zoom')).toBe('9');
    // Moving on while Dallas is still loading aborts it.
    await user.click(screen.getByRole('button', { name: 'move to us' }));
    await waitFor(() => expect(dallas.aborted()).toBe(true));
    release();
    await waitFor(() => expect(screen.getAllByTestId('station-card')).toHaveLength(4));
  });

  it('shows an error with a retry when the view cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get(apiUrl('/locations/map'), () =>
        fail ? HttpResponse.json({ status: 500, message: 'boom' }, { status: 500 }) : HttpResponse.json({ clusters: [], stations: generalStations }),
      ),
    );
    const { user } = renderPlanner();
    const alert = await screen.findByTestId('view-error');
    expect(alert).toHaveTextContent('Could not load the stations for this view.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getAllByTestId('station-card')).toHaveLength(4));
  });
});

describe('price age on station cards', () => {
  const renderCard = (stale: boolean, now: number) =>
    renderWithProviders(
      <StationCard
        station={{ ...generalStations[0], retailPriceDate: '2026-11-21T06:00:00', stale }}
        logoUrl=""
        expanded={false}
        onToggle={() => {}}
        height={100}
        now={now}
      />,
    );

  it('says how old a fresh price is', () => {
    renderCard(false, Date.parse('2026-11-21T08:10:00Z'));
    const age = screen.getByTestId('price-age');
    expect(age).toHaveTextContent('Price from 2 h ago');
    expect(age).toHaveAttribute('data-stale', 'false');
  });

  it('marks a price older than 48 hours stale', () => {
    renderCard(true, Date.parse('2026-11-24T07:00:00Z'));
    const age = screen.getByTestId('price-age');
    expect(age).toHaveTextContent('Stale · Price from 3 days ago');
    expect(age).toHaveAttribute('data-stale', 'true');
  });
});
