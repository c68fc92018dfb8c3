import { useGetDriverRequestsQuery } from '../api/driver-requests-api';

/** Whether the dashboard's requests section has its final content (a page holds its layout until then). */
export function useDriverRequestsSettled(): boolean {
  return !useGetDriverRequestsQuery().isLoading;
}
