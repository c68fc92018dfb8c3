import { useMemo } from 'react';
import { nextStop } from '../model/next-stop';
import { useActiveTrip } from './use-active-trip';

/** What the driver's card is locked to: the active trip's next stop and its gallons, while the trip locks the card. */
export function useCardLock(): { nextStopName: string | null; gallons: number | null } | null {
  const { trip, detail } = useActiveTrip();
  return useMemo(() => {
    const current = detail ?? trip;
    if (!current?.lockCard) return null;
    const next = nextStop(current.plan, current.routePoints, detail?.purchases);
    return { nextStopName: next?.stop.location.name ?? null, gallons: next?.stop.gallons ?? null };
  }, [trip, detail]);
}
