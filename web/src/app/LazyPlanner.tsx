import { lazy, Suspense } from 'react';
import { FullScreenSpinner } from '@/components/feedback/FullScreenSpinner';

// The planner carries MapLibre (~450 KB): load it only when its route opens.
const PlannerPage = lazy(() => import('@/features/planner').then((module) => ({ default: module.PlannerPage })));

export function Planner({ assistant = false }: { assistant?: boolean }) {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <PlannerPage assistant={assistant} />
    </Suspense>
  );
}
