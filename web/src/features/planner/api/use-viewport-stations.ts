import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useMemo } from 'react';
import type { MapViewArgs, MapViewport } from '../model/viewport';
import { inView, listSearchFor, mapViewArgs, OPENING_VIEW } from '../model/viewport';
import type { LocationSearch, SortBy, SortDirection, Station } from '../model/types';
import { useGetStationsQuery, useLazyGetLocationsMapQuery, useLazyGetStationsQuery } from './planner-api';

/** Quiet time after the map stops moving before the view is fetched. */
export const VIEW_DEBOUNCE_MS = 300;

/**
 * Starts `start` `delay` ms after `key` last changed (VIEW_DEBOUNCE_MS while the map moves; at once
 * for the opening view); a newer key aborts the older request.
 */
function useDebouncedRequest<A>(args: A | null, key: string, start: (args: A) => { abort: () => void }, delay = VIEW_DEBOUNCE_MS) {
  useEffect(() => {
    if (args === null) return;
    let request: { abort: () => void } | null = null;
    const timer = setTimeout(() => {
      request = start(args);
    }, delay);
    return () => {
      clearTimeout(timer);
      // Aborting a finished request does nothing; an unfinished one is dropped (AbortController).
      request?.abort();
    };
    // The key stands for args (a fresh object each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, start]);
}

interface Options {
  /** The map's view, once it has reported one. */
  view: MapViewport | null;
  sortBy: SortBy;
  direction: SortDirection;
  chainCodes: readonly string[];
  /** False while a route is active: the list and map show the route's stations instead. */
  enabled: boolean;
}

/**
 * The stations of the map's view: GET /locations/map for the map's clusters and
 * single stations, GET /locations for the list (the cheapest or best-discount first, kept to the
 * box). Both wait until the view has been still for VIEW_DEBOUNCE_MS and abort a stale request.
 * The list does not wait for the map: before the map reports its view it lists the opening view
 * (the whole country, which the map opens on) through a query of its own, which the page's first
 * render reads (the planner's prefetch has usually answered it by then: the cards come with the
 * page instead of one render later); the views the map reports next go through the debounced one.
 */
export function useViewportStations({ view, sortBy, direction, chainCodes, enabled }: Options) {
  const [fetchMap, map] = useLazyGetLocationsMapQuery();
  const [fetchList, movedList] = useLazyGetStationsQuery();

  const listView = view ?? OPENING_VIEW;
  const mapArgs = enabled && view ? mapViewArgs(view, chainCodes) : null;
  const listArgs = enabled ? listSearchFor(listView, sortBy, direction, chainCodes) : null;
  // The opening view's list until the map's first view is asked for (its answer stays on screen
  // meanwhile, as the debounced list keeps the last view's).
  const openingArgs = enabled && movedList.isUninitialized ? listSearchFor(OPENING_VIEW, sortBy, direction, chainCodes) : null;
  const openingList = useGetStationsQuery(openingArgs ?? skipToken);
  const list = movedList.isUninitialized ? openingList : movedList;
  // preferCacheValue: a view seen before (within keepUnusedDataFor) is not fetched again.
  const startMap = useCallback((args: MapViewArgs) => fetchMap(args, true), [fetchMap]);
  const startList = useCallback((args: LocationSearch) => fetchList(args, true), [fetchList]);
  useDebouncedRequest(mapArgs, JSON.stringify(mapArgs), startMap);
  const movedArgs = view ? listArgs : null;
  useDebouncedRequest(movedArgs, JSON.stringify(movedArgs), startList);

  const listed = useMemo<Station[] | undefined>(() => (list.data ? inView(list.data, listView) : list.data), [list.data, listView]);
  const retry = () => {
    if (mapArgs) fetchMap(mapArgs);
    if (listArgs) fetchList(listArgs);
  };
  return { map, list, listed, retry };
}
