import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useOnline } from './use-online';

/**
 * "You are offline": shown on top of every page while the device has no network. The
 * app shell still opens from the service worker; data needs the network again.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <Alert
      severity="warning"
      role="status"
      data-testid="offline-banner"
      sx={{ position: 'sticky', top: 0, zIndex: (theme) => theme.zIndex.appBar + 1, borderRadius: 0 }}
    >
      <strong>{t('offline.title')}</strong> {t('offline.detail')}
    </Alert>
  );
}
