import { useNavigate } from 'react-router';
import { paths, type CentreOnState } from '@/lib/paths';
import type { TripPoint } from '../api/trip-types';
import { useActiveTrip } from './use-active-trip';
import { NextStopCard } from './NextStopCard';

export interface ActiveTripCardProps {
  /** Centres the map on the page (planner); by default the button opens the planner centred there. */
  onCentre?: (point: TripPoint) => void;
}

/**
 * The signed-in driver's active trip, if any: its next stop (dashboard, planner on a phone).
 * Nothing while it loads, when there is none or when the load fails: the page around it is the point.
 */
export function ActiveTripCard({ onCentre }: ActiveTripCardProps) {
  const navigate = useNavigate();
  const { trip, detail } = useActiveTrip();
  if (!trip) return null;
  const centre =
    onCentre ??
    ((point: TripPoint) => {
      const state: CentreOnState = { centreOn: { latitude: point.latitude, longitude: point.longitude } };
      void navigate(paths.navigation, { state });
    });
  return <NextStopCard trip={detail ?? trip} purchases={detail?.purchases} onCentre={centre} withTripLink />;
}
