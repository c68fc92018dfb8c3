import Alert from '@mui/material/Alert';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RETRY_SAVED_MS, refetchSavedAnswers } from '@/lib/api/retry-saved';
import { selectOldestSavedAt } from '@/lib/api/saved-data';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { savedTimeText } from './saved-time';
import { useOnline } from './use-online';

/**
 * "You are offline": shown on top of every page while the device has no network, or while the
 * page shows answers the service worker saved because the server did not answer. The app shell
 * opens from the service worker; the signed-in user's last answers show, with the time they
 * were fetched (docs/decisions.md, Offline). While the device is online, the saved answers are
 * asked for again (at once, then every RETRY_SAVED_MS) until the server answers, and the notice
 * goes when it has: coming back online, or a slow answer, never leaves a page on its saved copy.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const savedAt = useAppSelector(selectOldestSavedAt);
  const dispatch = useAppDispatch();
  const showsSaved = savedAt !== null;
  useEffect(() => {
    if (!online || !showsSaved) return undefined;
    dispatch(refetchSavedAnswers());
    const timer = window.setInterval(() => dispatch(refetchSavedAnswers()), RETRY_SAVED_MS);
    return () => window.clearInterval(timer);
  }, [dispatch, online, showsSaved]);
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
