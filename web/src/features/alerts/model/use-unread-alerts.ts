import { selectRole, selectUser } from '@/lib/auth';
import { useAppSelector } from '@/lib/store';
import { UNREAD_POLL_MS, useGetUnreadAlertCountQuery } from '../api/alerts-api';

/**
 * The owner's unread alert count for the navigation badge: polled every 60 s and when the window
 * regains focus; undefined for everyone else (no request is made).
 */
export function useUnreadAlertCount(): number | undefined {
  const userLoaded = useAppSelector(selectUser) !== null;
  const role = useAppSelector(selectRole);
  const owner = userLoaded && role === 'ROLE_COMPANY';
  const { data } = useGetUnreadAlertCountQuery(undefined, {
    skip: !owner,
    pollingInterval: UNREAD_POLL_MS,
    refetchOnFocus: true,
    skipPollingIfUnfocused: true,
    // Only the count: the request's progress (each poll's pending and fulfilled) re-renders nobody.
    selectFromResult: ({ data }) => ({ data }),
  });
  return owner ? (data ?? 0) : undefined;
}
