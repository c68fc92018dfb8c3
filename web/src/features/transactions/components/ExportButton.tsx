import FileDownloadIcon from '@mui/icons-material/FileDownload';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { errorMessage, isFetchBaseQueryError } from '@/lib/api';
import { notify } from '@/lib/notifier';
import { exportFileName } from '../model/formats';
import { useExportTransactionsMutation, type TransactionQuery } from '../api/transactions-api';
import '@/lib/i18n/texts/transactions';

/**
 * The export icon (docs/product.md §2.8, §7): both dates are required ('Please select a date range');
 * a failure goes to the notifier and the console.
 */
export function ExportButton({ query }: { query: TransactionQuery }) {
  const { t } = useTranslation('transactions');
  const [exportTransactions, { isLoading }] = useExportTransactionsMutation();

  const startExport = async () => {
    if (!query.dateFrom || !query.dateTo) {
      notify.warning(t('export.selectDateRange'));
      return;
    }
    try {
      // The whole query the list uses (search, dates, card…), so the file holds what the list shows.
      await exportTransactions({ ...query, fallbackFileName: exportFileName() }).unwrap();
    } catch (error) {
      console.error('Transactions export failed', error);
      const networkFailure = isFetchBaseQueryError(error) && error.status === 'FETCH_ERROR';
      notify.error(networkFailure ? t('common:errors.network') : errorMessage(error, t('export.failed')));
    }
  };

  return (
    <Tooltip title={t('export.label')}>
      <span>
        <IconButton aria-label={t('export.label')} onClick={() => void startExport()} disabled={isLoading} color="primary">
          {isLoading ? <CircularProgress aria-hidden size={22} /> : <FileDownloadIcon />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
