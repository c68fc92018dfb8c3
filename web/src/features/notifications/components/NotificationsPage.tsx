import BlockIcon from '@mui/icons-material/Block';
import CreditCardOffIcon from '@mui/icons-material/CreditCardOff';
import AltRouteIcon from '@mui/icons-material/AltRoute';
import AssignmentIcon from '@mui/icons-material/Assignment';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { InboxEntry, InboxPage } from '@/components/inbox/InboxPage';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notifier';
import {
  useGetNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  type InAppNotification,
  type NotificationEvent,
} from '../api/notifications-api';
import { notificationTarget } from '../model/target';
import '@/lib/i18n/texts/alerts';

const eventIcon: Record<NotificationEvent, React.ReactElement> = {
  'purchase.declined': <BlockIcon color="error" />,
  'override.requested': <LockOpenIcon color="warning" />,
  'override.decided': <LockOpenIcon color="action" />,
  'card.deactivated': <CreditCardOffIcon color="error" />,
  'card.shipping': <LocalShippingIcon color="action" />,
  'trip.replanned': <AltRouteIcon color="action" />,
  'job.needed': <AssignmentIcon color="warning" />,
  'wallet.low': <NotificationsIcon color="warning" />,
  'driver.waiting': <NotificationsIcon color="action" />,
  'ifta.due': <NotificationsIcon color="warning" />,
  'statement.ready': <NotificationsIcon color="action" />,
};

/** /notifications, drivers: their own inbox (InboxPage) of notices, newest first; each opens what it is about. */
export function NotificationsPage() {
  const { t } = useTranslation('alerts');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(0);
  const query = useGetNotificationsQuery({ unread: unreadOnly, page });
  const [markAll, { isLoading: markingAll }] = useMarkAllNotificationsReadMutation();

  const readAll = async () => {
    try {
      await markAll().unwrap();
    } catch (error) {
      notify.error(errorMessage(error, t('notifications.failed')));
    }
  };

  return (
    <InboxPage<InAppNotification>
      title={t('notifications.title')}
      query={query}
      unreadOnly={unreadOnly}
      onUnreadOnlyChange={setUnreadOnly}
      page={page}
      onPageChange={setPage}
      markAllLabel={t('notifications.markAllRead')}
      markingAll={markingAll}
      onMarkAll={() => void readAll()}
      empty={t('notifications.empty')}
      emptyUnread={t('notifications.emptyUnread')}
      emptyTestId="notifications-empty"
      failed={t('notifications.failed')}
      itemKey={(n) => n.id}
      renderItem={(n) => <NotificationRow notification={n} />}
    />
  );
}

/** One notice: opening it marks it read and goes to what it is about. */
function NotificationRow({ notification: n }: { notification: InAppNotification }) {
  const navigate = useNavigate();
  const [markRead] = useMarkNotificationReadMutation();
  const open = () => {
    if (!n.read) void markRead(n.id);
    void navigate(notificationTarget(n));
  };
  return (
    <InboxEntry
      testId="notification-row"
      read={n.read}
      icon={eventIcon[n.event]}
      title={n.title}
      subtitle={n.body}
      createdAt={n.createdAt}
      onOpen={open}
    />
  );
}
