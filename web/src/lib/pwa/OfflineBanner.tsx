import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { selectOldestSavedAt } from '@/lib/api/saved-data';
import { useAppSelector } from '@/lib/store';
import { savedTimeText } from './saved-time';
import { useOnline } from './use-online';

/**
 * "You are offline": shown on top of every page while the device has no network, or while the
 * page shows answers the service worker saved because the server did not answer. The app shell
 * opens from the service worker; the signed-in user's last answers show, with the time they
 * were fetched (docs/decisions.md, Offline).
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const savedAt = useAppSelector(selectOldestSavedAt);
  if (online && savedAt === null) return null;
  return (
    <Alert
      severity="warning"
      role="status"
      data-testid="offline-banner"
      sx={{ position: 'sticky', top: 0, zIndex: (theme) => theme.zIndex.appBar + 1, borderRadius: 0 }}
    >
      <strong>{t(online ? 'offline.noAnswer' : 'offline.title')}</strong>{' '}
      {savedAt === null ? t('offline.detail') : t('offline.savedDetail', { time: savedTimeText(savedAt) })}
    </Alert>
  );
}
