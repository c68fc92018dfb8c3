import { skipToken } from '@reduxjs/toolkit/query';
import { useGetActiveTripQuery, useGetTripQuery } from '../api/trips-api';

/** The signed-in driver's active trip and its detail; `settled` once both are known (or failed). */
export function useActiveTrip() {
  const active = useGetActiveTripQuery();
  const trip = active.data;
  // The detail adds the purchases, which tell the stops already made.
  const detail = useGetTripQuery(trip ? trip.id : skipToken);
  const settled = !active.isLoading && (!trip || !detail.isLoading);
  return { trip, detail: detail.data, settled };
}

/** Whether the active trip card has its final content (a page holds its layout until then). */
export const useActiveTripSettled = (): boolean => useActiveTrip().settled;
