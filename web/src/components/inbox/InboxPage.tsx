import DoneAllIcon from '@mui/icons-material/DoneAll';
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
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/feedback/LoadStates';
import { Page } from '@/components/layout/Page';
import { VisuallyHidden } from '@/components/layout/VisuallyHidden';
import { BackButton } from '@/components/navigation';
import { formatMonthDayTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import '@/lib/i18n/texts/alerts';

/** A page of an inbox as the API answers it (owners' alerts, a user's notices). */
export interface InboxData<T> {
  content: T[];
  page: { totalPages: number };
  unreadCount: number;
}

/** The inbox's query (an RTK Query result): its page, and how loading it goes. */
export interface InboxQuery<T> {
  data?: InboxData<T> | undefined;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface InboxPageProps<T> {
  title: string;
  query: InboxQuery<T>;
  unreadOnly: boolean;
  onUnreadOnlyChange: (unreadOnly: boolean) => void;
  page: number;
  onPageChange: (page: number) => void;
  /** Filters beside "All / Unread" (the alerts' kind). */
  filters?: React.ReactNode;
  markAllLabel: string;
  markingAll: boolean;
  onMarkAll: () => void;
  empty: string;
  emptyUnread: string;
  emptyTestId: string;
  failed?: string;
  renderItem: (item: T) => React.ReactNode;
  itemKey: (item: T) => number;
}

/**
 * The one inbox page (/alerts for owners, /notifications for drivers): All / Unread with the unread
 * count, the inbox's own filters, Mark all read, the newest entries first, paged.
 */
export function InboxPage<T>(props: InboxPageProps<T>) {
  const { t } = useTranslation('alerts');
  const { data, isLoading, isFetching, isError } = props.query;
  const { unreadOnly, page } = props;
  const refetch = () => void props.query.refetch();
  const items = data?.content ?? [];
  return (
    <Page title={props.title} maxWidth="md" leading={<BackButton to={paths.dashboard} label={t('backToDashboard')} />}>
      <Stack spacing={2}>
        <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={unreadOnly ? 'unread' : 'all'}
            onChange={(_, value: 'all' | 'unread' | null) => {
              if (!value) return;
              props.onUnreadOnlyChange(value === 'unread');
              props.onPageChange(0);
            }}
            aria-label={t('filter.label')}
          >
            <ToggleButton value="all">{t('filter.all')}</ToggleButton>
            <ToggleButton value="unread">{data ? t('filter.unreadCount', { count: data.unreadCount }) : t('filter.unread')}</ToggleButton>
          </ToggleButtonGroup>
          {props.filters}
          <Button startIcon={<DoneAllIcon />} onClick={props.onMarkAll} disabled={props.markingAll || !data || data.unreadCount === 0}>
            {props.markAllLabel}
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
              <LoadError onRetry={refetch} retrying={isFetching} {...(props.failed ? { message: props.failed } : {})} />
            </Box>
          )}
          {data && items.length === 0 && (
            <Typography color="textSecondary" sx={{ p: 4, textAlign: 'center' }} data-testid={props.emptyTestId}>
              {unreadOnly ? props.emptyUnread : props.empty}
            </Typography>
          )}
          {items.length > 0 && (
            <List aria-label={props.title} sx={{ px: 1 }}>
              {items.map((item) => (
                <Box key={props.itemKey(item)} component="li" sx={{ listStyle: 'none' }}>
                  {props.renderItem(item)}
                </Box>
              ))}
            </List>
          )}
          {data && data.page.totalPages > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center', pb: 2 }}>
              <Pagination count={data.page.totalPages} page={page + 1} onChange={(_, next) => props.onPageChange(next - 1)} size="small" siblingCount={0} />
            </Box>
          )}
        </Card>
      </Stack>
    </Page>
  );
}

export interface InboxEntryProps {
  testId: string;
  read: boolean;
  /** The entry's icon; iconLabel names it (an alert's kind), else it is decoration. */
  icon: React.ReactElement;
  iconLabel?: string;
  title: string;
  subtitle: string;
  createdAt: string;
  /** Lines under the time (how a request was decided). */
  extra?: React.ReactNode;
  onOpen: () => void;
  /** The entry's actions under it (open the purchase, decide a request). */
  children?: React.ReactNode;
}

/** One entry of an inbox: unread ones are tinted, bold and start with the word; opening marks it read. */
export function InboxEntry(props: InboxEntryProps) {
  const { t } = useTranslation('alerts');
  const unread = !props.read;
  return (
    <Box
      data-testid={props.testId}
      data-read={props.read}
      sx={{ borderRadius: 3, mb: 0.5, ...(unread && { bgcolor: (theme) => alpha(theme.palette.primary.main, 0.08) }) }}
    >
      <ListItemButton onClick={props.onOpen} sx={{ gap: 1.5, alignItems: 'flex-start', borderRadius: 3, py: 1.25, px: { xs: 1, sm: 2 } }}>
        {/* Named by its content (an aria-label must contain all the row shows): unread rows start with the word. */}
        {unread && <VisuallyHidden>{t('unreadPrefix')}</VisuallyHidden>}
        {props.iconLabel ? (
          <Box sx={{ pt: 0.25, display: 'flex' }} aria-label={props.iconLabel} role="img">
            {props.icon}
          </Box>
        ) : (
          <Box sx={{ pt: 0.25, display: 'flex' }} aria-hidden>
            {props.icon}
          </Box>
        )}
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: unread ? 700 : 400, overflowWrap: 'anywhere' }}>{props.title}</Typography>
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {props.subtitle}
          </Typography>
          <Typography variant="caption" color="textSecondary" component="time" dateTime={props.createdAt}>
            {formatMonthDayTime(props.createdAt)}
          </Typography>
          {props.extra}
        </Box>
        {unread && <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0, mt: 1 }} />}
      </ListItemButton>
      {props.children}
    </Box>
  );
}
