import { useEffect } from 'react';
import type { PlannerMapProps } from '../components/map/map-view';
import { fakeViews } from './views';


/** Stand-in for the MapLibre map in jsdom: reports its view and exposes its props as buttons. */
export function FakeMap({ stations, view, onViewChange, routes, selectedRouteIndex, departure, destination, focus, onSelectRoute, onStationClick }: PlannerMapProps) {
  useEffect(() => {
    onViewChange?.(fakeViews.us);
  }, [onViewChange]);
  return (
    <div data-testid="fake-map" data-focus-zoom={focus?.zoom ?? ''}>
      {departure && <span data-testid="fake-departure">{`${departure.latitude},${departure.longitude}`}</span>}
      {destination && <span data-testid="fake-destination">{`${destination.latitude},${destination.longitude}`}</span>}
      {routes.map((_, index) => (
        <button key={index} type="button" data-selected={index === selectedRouteIndex} onClick={() => onSelectRoute(index)}>
          {`polyline ${index}`}
        </button>
      ))}
      {(Object.keys(fakeViews) as (keyof typeof fakeViews)[]).map((name) => (
        <button key={name} type="button" onClick={() => onViewChange?.(fakeViews[name])}>
          {`move to ${name}`}
        </button>
      ))}
      {view?.clusters.map((cluster, index) => (
        <span key={`c${index}`} data-testid="fake-cluster">{`cluster ${cluster.count} from ${cluster.minNetPrice}`}</span>
      ))}
      {(view ? view.stations : stations).map((station) => (
        <button key={station.locationId} type="button" onClick={() => onStationClick(station.locationId)}>
          {`badge ${station.locationId}`}
        </button>
      ))}
    </div>
  );
}

/** A map that never finishes loading. */
export function UnloadedMap() {
  return <div data-testid="fake-map" />;
}
