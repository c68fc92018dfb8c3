import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { selectSavedAt } from '@/lib/api/saved-data';
import { savedTimeText } from '@/lib/pwa/saved-time';
import { useAppSelector } from '@/lib/store';

/**
 * "Updated 10:42 AM · offline" under what one endpoint answered when that answer is the service
 * worker's saved copy (public/offline-sw.js); nothing when it is fresh.
 */
export function SavedAtNote({ endpoint, testId, sx }: { endpoint: string; testId?: string; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const savedAt = useAppSelector((state) => selectSavedAt(state, endpoint));
  if (savedAt === null) return null;
  return (
    <Typography variant="caption" component="p" color="textSecondary" data-testid={testId ?? 'saved-at-note'} sx={sx}>
      {t('offline.savedAt', { time: savedTimeText(savedAt) })}
    </Typography>
  );
}
