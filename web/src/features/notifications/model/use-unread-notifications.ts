import { selectRole, selectUser } from '@/lib/auth';
import { useAppSelector } from '@/lib/store';
import { NOTIFICATIONS_POLL_MS, useGetUnreadNotificationCountQuery } from '../api/notifications-api';

/**
 * The driver's unread notification count for the navigation badge: polled every 60 s and when the
 * window regains focus; undefined for owners (their notices are alerts; no request is made).
 */
export function useUnreadNotificationCount(): number | undefined {
  const userLoaded = useAppSelector(selectUser) !== null;
  const role = useAppSelector(selectRole);
  const driver = userLoaded && role === 'ROLE_USER';
  const { data } = useGetUnreadNotificationCountQuery(undefined, {
    skip: !driver,
    pollingInterval: NOTIFICATIONS_POLL_MS,
    refetchOnFocus: true,
    skipPollingIfUnfocused: true,
    selectFromResult: ({ data }) => ({ data }),
  });
  return driver ? (data ?? 0) : undefined;
}
