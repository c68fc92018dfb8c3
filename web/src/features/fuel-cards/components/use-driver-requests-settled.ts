import { usePermissions } from '@/lib/auth';
import { useGetDriverRequestsQuery } from '../api/driver-requests-api';

/**
 * Whether the dashboard's requests section has its final content (a page holds its layout until
 * then): asked for once the permissions say the member may decide sign-ups (a bookkeeper was refused).
 */
export function useDriverRequestsSettled(): boolean {
  const { pending, can } = usePermissions();
  const requests = useGetDriverRequestsQuery(undefined, { skip: pending || !can('drivers.approve') });
  return !pending && !requests.isLoading;
}
