import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError, LoadingRows } from '@/components/feedback/LoadStates';
import { Page } from '@/components/layout/Page';
import { useIsPhone } from '@/components/layout/AppShell';
import { BackButton } from '@/components/navigation';
import { errorMessage, isFetchBaseQueryError } from '@/lib/api';
import { formatDollars, maskCardNumber } from '@/lib/format';
import { notify } from '@/lib/notifier';
import { paths } from '@/lib/paths';
import type { ComplianceQuery, ComplianceRow } from '../api/trip-types';
import { useExportComplianceMutation, useGetComplianceQuery } from '../api/trips-api';
import { complianceFileName, defaultComplianceRange, worstFirst } from '../model/compliance';
import { formatOneDecimal } from '../model/format';
import '@/lib/i18n/texts/trips';

type Column = { key: keyof ComplianceRow; label: string; format: (row: ComplianceRow) => string; numeric?: boolean };

function useColumns(): Column[] {
  const { t } = useTranslation('trips');
  return [
    { key: 'driverName', label: t('compliance.driver'), format: (row) => row.driverName },
    { key: 'cardNumber', label: t('compliance.card'), format: (row) => maskCardNumber(row.cardNumber) },
    { key: 'trips', label: t('compliance.trips'), format: (row) => String(row.trips), numeric: true },
    { key: 'plannedGallons', label: t('compliance.plannedGallons'), format: (row) => formatOneDecimal(row.plannedGallons), numeric: true },
    { key: 'onPlanGallons', label: t('compliance.onPlanGallons'), format: (row) => formatOneDecimal(row.onPlanGallons), numeric: true },
    { key: 'offPlanGallons', label: t('compliance.offPlanGallons'), format: (row) => formatOneDecimal(row.offPlanGallons), numeric: true },
    { key: 'plannedCost', label: t('compliance.plannedCost'), format: (row) => formatDollars(row.plannedCost), numeric: true },
    { key: 'actualCost', label: t('compliance.actualCost'), format: (row) => formatDollars(row.actualCost), numeric: true },
    { key: 'missedSavings', label: t('compliance.missedSavings'), format: (row) => formatDollars(row.missedSavings), numeric: true },
  ];
}

function ComplianceTable({ rows }: { rows: ComplianceRow[] }) {
  const { t } = useTranslation('trips');
  const columns = useColumns();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('compliance.tableLabel')}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.numeric ? 'right' : 'left'} sx={{ fontWeight: 700 }}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.cardNumber} data-testid="compliance-row">
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.numeric ? 'right' : 'left'}
                  sx={column.key === 'missedSavings' && row.missedSavings > 0 ? { color: 'error.main', fontWeight: 700 } : undefined}
                >
                  {column.format(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Phones: one card per driver, label and value per line, no sideways scroll. */
function ComplianceCards({ rows }: { rows: ComplianceRow[] }) {
  const { t } = useTranslation('trips');
  const [, , ...figures] = useColumns();
  return (
    <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label={t('compliance.tableLabel')}>
      {rows.map((row) => (
        <Card component="li" key={row.cardNumber} data-testid="compliance-row">
          <CardContent>
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{row.driverName}</Typography>
            <Typography variant="body2" color="textSecondary" sx={{ fontFamily: 'monospace', mb: 1 }}>
              {maskCardNumber(row.cardNumber)}
            </Typography>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5 }}>
              {figures.map((column) => (
                <Box key={column.key} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="textSecondary">
                    {column.label}
                  </Typography>
                  <Typography
                    component="dd"
                    variant="body2"
                    sx={{ m: 0, textAlign: 'right', ...(column.key === 'missedSavings' && row.missedSavings > 0 ? { color: 'error.main', fontWeight: 700 } : {}) }}
                  >
                    {column.format(row)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

function ExportButton({ range }: { range: ComplianceQuery }) {
  const { t } = useTranslation('trips');
  const [exportCompliance, { isLoading }] = useExportComplianceMutation();
  const start = async () => {
    try {
      await exportCompliance({ ...range, fallbackFileName: complianceFileName(range) }).unwrap();
    } catch (error) {
      console.error('Compliance export failed', error);
      const networkFailure = isFetchBaseQueryError(error) && error.status === 'FETCH_ERROR';
      notify.error(networkFailure ? t('common:errors.network') : errorMessage(error, t('compliance.exportFailed')));
    }
  };
  return (
    <Tooltip title={t('compliance.export')}>
      <span>
        <IconButton aria-label={t('compliance.export')} onClick={() => void start()} disabled={isLoading} color="primary">
          {isLoading ? <CircularProgress aria-hidden size={22} /> : <FileDownloadIcon />}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** /compliance (owner): drivers worst first over a period — planned against actual, missed savings — and its xlsx. */
export function CompliancePage() {
  const { t } = useTranslation('trips');
  const phone = useIsPhone();
  const [range, setRange] = useState<ComplianceQuery>(() => defaultComplianceRange());
  const [rangeError, setRangeError] = useState<'dateFrom' | 'dateTo' | null>(null);
  const { currentData, isFetching, isError, refetch } = useGetComplianceQuery(range);
  const rows = useMemo(() => worstFirst(currentData ?? []), [currentData]);

  const setDate = (field: keyof ComplianceQuery, value: string) => {
    const next = { ...range, [field]: value };
    if (!next.dateFrom || !next.dateTo || next.dateFrom > next.dateTo) {
      setRangeError(field);
      return;
    }
    setRangeError(null);
    setRange(next);
  };
  const dateField = (field: keyof ComplianceQuery, label: string) => (
    <TextField
      type="date"
      label={label}
      value={range[field]}
      onChange={(event) => setDate(field, event.target.value)}
      error={rangeError === field}
      helperText={rangeError === field ? t('compliance.rangeInvalid') : undefined}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: field === 'dateFrom' ? { max: range.dateTo } : { min: range.dateFrom },
      }}
    />
  );

  let body;
  if (!currentData && isError) body = <LoadError onRetry={refetch} retrying={isFetching} />;
  else if (!currentData) body = <LoadingRows rows={4} height={phone ? 180 : 40} />;
  else if (rows.length === 0) body = <EmptyState>{t('compliance.empty')}</EmptyState>;
  else body = phone ? <ComplianceCards rows={rows} /> : <ComplianceTable rows={rows} />;

  return (
    <Page
      title={t('compliance.title')}
      maxWidth="lg"
      leading={<BackButton to={paths.trips} label={t('detail.back')} />}
      actions={<ExportButton range={range} />}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
        {dateField('dateFrom', t('compliance.dateFrom'))}
        {dateField('dateTo', t('compliance.dateTo'))}
      </Stack>
      <Box aria-busy={isFetching}>{body}</Box>
    </Page>
  );
}
