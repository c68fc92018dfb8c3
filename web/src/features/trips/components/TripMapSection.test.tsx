import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { CurrentPosition } from '../model/use-position';
import { ardmoreStop, dentonStop, tripDetail } from '../test/fixtures';
import type { TripMapProps } from './TripMap';
import { TripMapSection } from './TripMapSection';

/** Stands in for the MapLibre map (WebGL): records what it was asked to draw. */
function mapStandIn() {
  const drawn: TripMapProps[] = [];
  const MapView = (props: TripMapProps) => {
    drawn.push(props);
    return <div data-testid="map-stand-in" />;
  };
  return { drawn, MapView };
}

const here = { latitude: 33.9, longitude: -97.14 };

afterEach(() => vi.restoreAllMocks());

describe('the active trip’s map', () => {
  it('draws the route and the stops with the first one not bought yet as next, and names it', async () => {
    const { drawn, MapView } = mapStandIn();
    renderWithProviders(<TripMapSection trip={tripDetail} MapView={MapView} />);
    await screen.findByTestId('map-stand-in');
    const last = drawn.at(-1)!;
    expect(last.data.route).toHaveLength(tripDetail.routePoints.length);
    expect(last.data.stops.map(({ stop, state }) => [stop.location.name, state])).toEqual([
      [dentonStop.location.name, 'made'],
      [ardmoreStop.location.name, 'next'],
    ]);
    expect(last.position).toBeNull();
    expect(screen.getByTestId('trip-map-next')).toHaveTextContent('Next stop (highlighted): 2. Pilot Travel Center #1187');
    // An owner's page follows no position: nothing offers to share one.
    expect(screen.queryByRole('button', { name: 'Show my position' })).not.toBeInTheDocument();
  });

  it('shows the driver’s position once shared, and asks for it on a tap while it is not', async () => {
    const { drawn, MapView } = mapStandIn();
    const locate = vi.fn(() => Promise.resolve(here));
    const idle: CurrentPosition = { position: null, status: 'idle', locate };
    const { rerender, user } = renderWithProviders(<TripMapSection trip={tripDetail} geo={idle} MapView={MapView} />);
    await user.click(await screen.findByRole('button', { name: 'Show my position' }));
    expect(locate).toHaveBeenCalledOnce();
    rerender(<TripMapSection trip={tripDetail} geo={{ position: here, status: 'located', locate }} MapView={MapView} />);
    expect(drawn.at(-1)!.position).toEqual(here);
    expect(screen.getByTestId('trip-map-position-state')).toHaveTextContent('Your position is shown (from this phone).');
    expect(screen.queryByRole('button', { name: 'Show my position' })).not.toBeInTheDocument();
  });
});
