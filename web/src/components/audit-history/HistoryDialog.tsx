import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError, LoadingRows } from '@/components/feedback/LoadStates';
import { useGetAuditEventsQuery } from './audit-api';
import { AuditEventList } from './AuditEventList';
import '@/lib/i18n/texts/audit';

/** One object's own history (a card by its number, a vehicle by its id), newest 100 changes. */
export function HistoryDialog({ objectType, objectId, title, onClose }: { objectType: string; objectId: string; title: string; onClose: () => void }) {
  const { t } = useTranslation('audit');
  const { data, isLoading, isFetching, isError, refetch } = useGetAuditEventsQuery({ objectType, objectId, size: 100 });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="history-title">
      <DialogTitle id="history-title">{title}</DialogTitle>
      <DialogContent>
        {isLoading && <LoadingRows rows={3} height={56} />}
        {isError && !data && <LoadError onRetry={refetch} retrying={isFetching} message={t('loadFailed')} />}
        {data && data.content.length === 0 && <EmptyState testId="history-empty">{t('empty')}</EmptyState>}
        {data && data.content.length > 0 && <AuditEventList events={data.content} label={title} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
