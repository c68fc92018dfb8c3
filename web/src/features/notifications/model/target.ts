import { paths, transactionDetailPath, tripDetailPath } from '@/lib/paths';
import type { InAppNotification } from '../api/notifications-api';

/** Where a notice leads: the purchase, the trip, or the page the server named. */
export function notificationTarget(n: InAppNotification): string {
  if (n.tripId !== null) return tripDetailPath(n.tripId);
  if (n.transactionId !== null) return transactionDetailPath(n.transactionId);
  return n.url.startsWith('/') && !n.url.startsWith('//') ? n.url : paths.dashboard;
}
