import BlockIcon from '@mui/icons-material/Block';
import CreditCardOffIcon from '@mui/icons-material/CreditCardOff';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import AltRouteIcon from '@mui/icons-material/AltRoute';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import NotificationsIcon from '@mui/icons-material/Notifications';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '@/components/feedback/LoadStates';
import { Page } from '@/components/layout/Page';
import { VisuallyHidden } from '@/components/layout/VisuallyHidden';
import { BackButton } from '@/components/navigation';
import { errorMessage } from '@/lib/api';
import { formatMonthDayTime } from '@/lib/format';
import { notify } from '@/lib/notifier';
import { paths } from '@/lib/paths';
import {
  useGetNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  type InAppNotification,
  type NotificationEvent,
} from '../api/notifications-api';
import { notificationTarget } from '../model/target';

const eventIcon: Record<NotificationEvent, React.ReactElement> = {
  'purchase.declined': <BlockIcon color="error" />,
  'override.requested': <LockOpenIcon color="warning" />,
  'override.decided': <LockOpenIcon color="action" />,
  'card.deactivated': <CreditCardOffIcon color="error" />,
  'trip.replanned': <AltRouteIcon color="action" />,
  'wallet.low': <NotificationsIcon color="warning" />,
  'driver.waiting': <NotificationsIcon color="action" />,
  'ifta.due': <NotificationsIcon color="warning" />,
};

/** /notifications, drivers: their in-app list of notices, newest first; each opens what it is about. */
export function NotificationsPage() {
  const { t } = useTranslation('alerts');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(0);
  const { data, isLoading, isFetching, isError, refetch } = useGetNotificationsQuery({ unread: unreadOnly, page });
  const [markAll, { isLoading: markingAll }] = useMarkAllNotificationsReadMutation();

  const readAll = async () => {
    try {
      await markAll().unwrap();
    } catch (error) {
      notify.error(errorMessage(error, t('notifications.failed')));
    }
  };

  const items = data?.content ?? [];
  return (
    <Page title={t('notifications.title')} maxWidth="md" leading={<BackButton to={paths.dashboard} label={t('backToDashboard')} />}>
      <Stack spacing={2}>
        <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={unreadOnly ? 'unread' : 'all'}
            onChange={(_, value: 'all' | 'unread' | null) => {
              if (!value) return;
              setUnreadOnly(value === 'unread');
              setPage(0);
            }}
            aria-label={t('filter.label')}
          >
            <ToggleButton value="all">{t('filter.all')}</ToggleButton>
            <ToggleButton value="unread">
              {data ? t('filter.unreadCount', { count: data.unreadCount }) : t('filter.unread')}
            </ToggleButton>
          </ToggleButtonGroup>
          <Button startIcon={<DoneAllIcon />} onClick={() => void readAll()} disabled={markingAll || !data || data.unreadCount === 0}>
            {t('notifications.markAllRead')}
          </Button>
        </Stack>
        <Card>
          <Box sx={{ height: 4 }}>{isFetching && !isLoading && <LinearProgress aria-label={t('common:loading')} />}</Box>
          {isLoading && (
            <Stack spacing={1} sx={{ p: 2 }}>
              {[0, 1, 2].map((row) => (
                <Skeleton key={row} variant="rounded" height={64} />
              ))}
            </Stack>
          )}
          {isError && !data && (
            <Box sx={{ m: 2 }}>
              <LoadError onRetry={refetch} retrying={isFetching} message={t('notifications.failed')} />
            </Box>
          )}
          {data && items.length === 0 && (
            <Typography color="textSecondary" sx={{ p: 4, textAlign: 'center' }} data-testid="notifications-empty">
              {unreadOnly ? t('notifications.emptyUnread') : t('notifications.empty')}
            </Typography>
          )}
          {items.length > 0 && (
            <List aria-label={t('notifications.title')} sx={{ px: 1 }}>
              {items.map((n) => (
                <NotificationRow key={n.id} notification={n} />
              ))}
            </List>
          )}
          {data && data.page.totalPages > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center', pb: 2 }}>
              <Pagination count={data.page.totalPages} page={page + 1} onChange={(_, next) => setPage(next - 1)} size="small" siblingCount={0} />
            </Box>
          )}
        </Card>
      </Stack>
    </Page>
  );
}

/** One notice: opening it marks it read and goes to what it is about. */
function NotificationRow({ notification: n }: { notification: InAppNotification }) {
  const { t } = useTranslation('alerts');
  const navigate = useNavigate();
  const [markRead] = useMarkNotificationReadMutation();
  const unread = !n.read;
  const open = () => {
    if (unread) void markRead(n.id);
    void navigate(notificationTarget(n));
  };
  return (
    <Box
      component="li"
      data-testid="notification-row"
      data-read={n.read}
      sx={{ listStyle: 'none', borderRadius: 3, mb: 0.5, ...(unread && { bgcolor: (theme) => alpha(theme.palette.primary.main, 0.08) }) }}
    >
      <ListItemButton onClick={open} sx={{ gap: 1.5, alignItems: 'flex-start', borderRadius: 3, py: 1.25, px: { xs: 1, sm: 2 } }}>
        {unread && <VisuallyHidden>{t('unreadPrefix')}</VisuallyHidden>}
        <Box sx={{ pt: 0.25, display: 'flex' }} aria-hidden>
          {eventIcon[n.event]}
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: unread ? 700 : 400, overflowWrap: 'anywhere' }}>{n.title}</Typography>
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {n.body}
          </Typography>
          <Typography variant="caption" color="textSecondary" component="time" dateTime={n.createdAt}>
            {formatMonthDayTime(n.createdAt)}
          </Typography>
        </Box>
        {unread && <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0, mt: 1 }} />}
      </ListItemButton>
    </Box>
  );
}
