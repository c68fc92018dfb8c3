import { useLocation } from 'react-router';
import { selectRole } from '@/lib/auth';
import { useAppSelector, type AppDispatch } from '@/lib/store';
import type { CentreOnState } from '@/lib/paths';
import { lazyPage } from './lazy-page';
import type { SessionHint } from './role-hint';

/** Drivers (not company owners) have a trip of their own to follow. */
const useIsDriver = () => useAppSelector(selectRole) !== 'ROLE_COMPANY';

const LazyPlannerPage = lazyPage(async () => {
  const [{ PlannerPage: Page }, { ActiveTripCard, SaveTripButton }] = await Promise.all([
    import('@/features/planner'),
    import('@/features/trips/planner'),
  ]);
  return function Planner({ assistant }: { assistant?: boolean }) {
    const driver = useIsDriver();
    const centreOn = (useLocation().state as Partial<CentreOnState> | null)?.centreOn;
    return (
      <Page
        assistant={assistant}
        SaveTrip={SaveTripButton}
        ActiveTrip={driver ? ActiveTripCard : undefined}
        initialCentre={centreOn}
      />
    );
  };
});

/** /navigation, /wex/locations, /assistant: the fuel map and route planner. */
export function PlannerPage({ assistant }: { assistant?: boolean }) {
  return <LazyPlannerPage assistant={assistant} />;
}
/**
 * The page's code and its first data at once (src/app/preload.ts): the opening view's stations and
 * the chains' names are in the store when the page first renders (its list shows with it).
 */
PlannerPage.preload = async (hint: SessionHint, dispatch: AppDispatch) => {
  const code = LazyPlannerPage.preload();
  // A driver waiting for approval is refused the stations (the account decides what shows).
  if (hint.access !== 'none') dispatch((await import('@/features/planner/prefetch')).prefetchPlanner());
  await code;
};
