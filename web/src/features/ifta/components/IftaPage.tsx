import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import LockIcon from '@mui/icons-material/Lock';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { EmptyState, LoadError, LoadingRows } from '@/components/feedback/LoadStates';
import { useIsPhone } from '@/components/layout/AppShell';
import { Page } from '@/components/layout/Page';
import { ShownAfterPaint } from '@/components/layout/ShownAfterPaint';
import { errorMessage, isFetchBaseQueryError } from '@/lib/api';
import { usePermissions } from '@/lib/auth';
import { formatCalendarDay, formatDateYear, formatDollars, formatWhole } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notifier';
import {
  useCloseIftaReturnMutation,
  useDeleteIftaMilesMutation,
  useDeleteIftaPurchaseMutation,
  useExportIftaReturnMutation,
  useGetIftaMilesQuery,
  useGetIftaPurchasesQuery,
  useGetIftaReturnQuery,
} from '../api/ifta-api';
import type { FuelType, IftaPeriod, IftaReturn, IftaRow, IftaWarning } from '../api/ifta-types';
import {
  closeBlock,
  daysLate,
  defaultEntryDate,
  formatRate,
  periodFromSearch,
  periodSearch,
  yearOptions,
} from '../model/quarter';
import '@/lib/i18n/texts/ifta';

// Not on the page's first screen: the entry forms (and their validation library) and the rates
// upload load when opened, the Telematics section after the first paint; each a chunk of its own.
const AddMilesDialog = lazy(async () => ({ default: (await import('./EntryDialogs')).AddMilesDialog }));
const AddFuelDialog = lazy(async () => ({ default: (await import('./EntryDialogs')).AddFuelDialog }));
const RatesDialog = lazy(async () => ({ default: (await import('./RatesDialog')).RatesDialog }));
const TelematicsSection = lazy(async () => ({ default: (await import('./TelematicsSection')).TelematicsSection }));

type Column = { key: keyof IftaRow; format: (row: IftaRow) => string; numeric?: boolean };

const columns: Column[] = [
  { key: 'jurisdiction', format: (row) => row.jurisdiction },
  { key: 'totalMiles', format: (row) => formatWhole(row.totalMiles), numeric: true },
  { key: 'taxableMiles', format: (row) => formatWhole(row.taxableMiles), numeric: true },
  { key: 'taxableGallons', format: (row) => formatWhole(row.taxableGallons), numeric: true },
  { key: 'taxPaidGallons', format: (row) => formatWhole(row.taxPaidGallons), numeric: true },
  { key: 'netTaxableGallons', format: (row) => formatWhole(row.netTaxableGallons), numeric: true },
  { key: 'rate', format: (row) => formatRate(row.rate), numeric: true },
  { key: 'surcharge', format: (row) => (row.rate === null ? '—' : formatRate(row.surcharge)), numeric: true },
  { key: 'tax', format: (row) => formatDollars(row.tax), numeric: true },
  { key: 'surchargeTax', format: (row) => formatDollars(row.surchargeTax), numeric: true },
  { key: 'total', format: (row) => formatDollars(row.total), numeric: true },
];

function RowsTable({ rows }: { rows: IftaRow[] }) {
  const { t } = useTranslation('ifta');
  return (
    // Focusable: on a narrow desktop window the eleven columns scroll sideways inside it, by keyboard too.
    <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label={t('rows.label')}>
      <Table size="small" aria-label={t('rows.label')}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} sx={{ fontWeight: 700 }}>
                {t(`rows.${c.key}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.jurisdiction} data-testid="ifta-row" data-jurisdiction={row.jurisdiction} data-miles={row.totalMiles}>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} sx={c.key === 'total' ? { fontWeight: 700 } : undefined}>
                  {c.format(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The figures a phone's card shows (the total is its heading; the table and exports have them all). */
const PHONE_FIGURES: readonly (keyof IftaRow)[] = ['totalMiles', 'taxableGallons', 'taxPaidGallons', 'netTaxableGallons', 'rate', 'tax'];

/** Phones: one card per jurisdiction, label and value per line, no sideways scroll. */
function RowCards({ rows }: { rows: IftaRow[] }) {
  const { t } = useTranslation('ifta');
  const [, ...figures] = columns;
  return (
    <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label={t('rows.label')}>
      {rows.map((row) => (
        <Card component="li" key={row.jurisdiction} data-testid="ifta-row" data-jurisdiction={row.jurisdiction} data-miles={row.totalMiles} variant="outlined">
          <CardContent>
            <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
              <Typography sx={{ fontWeight: 700 }}>{row.jurisdiction}</Typography>
              <Typography sx={{ fontWeight: 700 }}>{formatDollars(row.total)}</Typography>
            </Stack>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5 }}>
              {figures
                .filter((c) => PHONE_FIGURES.includes(c.key) || (c.key === 'surchargeTax' && row.surchargeTax !== 0))
                .map((c) => (
                  <Box key={c.key} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="textSecondary">
                      {t(`rows.${c.key}`)}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                      {c.format(row)}
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

function Totals({ ret }: { ret: IftaReturn }) {
  const { t } = useTranslation('ifta');
  const figures = [
    { label: t('totals.totalMiles'), value: formatWhole(ret.totalMiles) },
    { label: t('totals.taxableMiles'), value: formatWhole(ret.totalTaxableMiles) },
    { label: t('totals.gallons'), value: formatWhole(ret.totalGallons) },
    { label: t('totals.mpg'), value: ret.mpg.toFixed(2) },
    { label: ret.totalDue < 0 ? t('totals.refund') : t('totals.due'), value: formatDollars(Math.abs(ret.totalDue)), strong: true },
  ];
  return (
    <Box
      component="dl"
      aria-label={t('totals.label')}
      data-testid="ifta-totals"
      sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' } }}
    >
      {figures.map((f) => (
        <Paper key={f.label} variant="outlined" sx={{ p: 1.5, ...(f.strong ? { gridColumn: { xs: '1 / -1', sm: 'auto' } } : {}) }}>
          <Typography component="dt" variant="body2" color="textSecondary">
            {f.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: f.strong ? '1.4rem' : '1.15rem' }}>
            {f.value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

/**
 * Closing the draft: the button, and while it cannot close the reason beside it (the quarter still
 * runs; jurisdictions without a rate, with the upload that fixes it).
 */
/**
 * A warning as the server wrote it (English), or in the language shown when its code has a text
 * there (those whose figures the page knows: the jurisdictions, the quarter, the fuel).
 */
function warningText(w: IftaWarning, period: IftaPeriod, t: TFunction): string {
  if (i18n.language === 'en-US' || !i18n.exists(`ifta:warningTexts.${w.code}`)) return w.message;
  const fuel = t(`fuel.${period.fuelType}`).toLowerCase();
  const text = t(`warningTexts.${w.code}`, { fuel, period: `${period.year} ${t('quarterOption', { quarter: period.quarter })}`, jurisdictions: (w.jurisdictions ?? []).join(', ') });
  return w.code === 'zero_rate' && period.fuelType === 'diesel' && w.jurisdictions?.includes('OR') ? `${text} ${t('warningTexts.oregonDiesel')}` : text;
}

function CloseButton({ period, ret, onUploadRates }: { period: IftaPeriod; ret: IftaReturn; onUploadRates: () => void }) {
  const { t } = useTranslation('ifta');
  const [open, setOpen] = useState(false);
  const [close, { isLoading }] = useCloseIftaReturnMutation();
  const label = `${period.year} ${t('quarterOption', { quarter: period.quarter })}`;
  const confirm = async () => {
    try {
      await close(period).unwrap();
      notify.success(t('close.done'));
      setOpen(false);
    } catch (error) {
      setOpen(false);
      notify.error(errorMessage(error, t('close.failed')));
    }
  };
  if (ret.closedAt) return null;
  const block = closeBlock(ret);
  const quarterEnd = dayjs(new Date(period.year, period.quarter * 3, 0)).format('YYYY-MM-DD');
  return (
    <>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          variant="contained"
          startIcon={<LockIcon />}
          onClick={() => setOpen(true)}
          disabled={block !== null}
          aria-describedby={block ? 'ifta-close-blocked' : undefined}
          data-testid="ifta-close"
        >
          {t('close.button')}
        </Button>
        {block?.kind === 'missingRate' && (
          <Button variant="outlined" color="error" startIcon={<UploadFileIcon />} onClick={onUploadRates}>
            {t('rates.upload')}
          </Button>
        )}
      </Stack>
      {block && (
        <Typography id="ifta-close-blocked" variant="body2" color={block.kind === 'missingRate' ? 'error' : 'textSecondary'} data-testid="ifta-close-blocked" sx={{ flexBasis: '100%' }}>
          {block.kind === 'quarterOpen'
            ? t('close.blockedOpen', { date: formatCalendarDay(quarterEnd) })
            : t('close.blockedRate', { count: block.jurisdictions.length, jurisdictions: block.jurisdictions.join(', ') })}
        </Typography>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="ifta-close-title">
        <DialogTitle id="ifta-close-title">{t('close.title', { period: label, fuel: t(`fuel.${period.fuelType}`) })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('close.explain')}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setOpen(false)}>{t('common:actions.cancel')}</Button>
          <Button variant="contained" onClick={() => void confirm()} disabled={isLoading}>
            {t('close.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** A draft return past its due date: in red, how late, and what to do. */
function Overdue({ ret, period }: { ret: IftaReturn; period: IftaPeriod }) {
  const { t } = useTranslation('ifta');
  const late = daysLate(ret);
  if (late === null) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} data-testid="ifta-overdue">
      <AlertTitle>
        {t('overdue.title', { count: late, period: `${period.year} ${t('quarterOption', { quarter: period.quarter })}`, fuel: t(`fuel.${period.fuelType}`), date: formatCalendarDay(ret.dueDate) })}
      </AlertTitle>
      {t('overdue.todo')}
    </Alert>
  );
}

function ExportButtons({ period }: { period: IftaPeriod }) {
  const { t } = useTranslation('ifta');
  const [exportReturn, { isLoading }] = useExportIftaReturnMutation();
  const start = async (format: 'xlsx' | 'csv') => {
    try {
      await exportReturn({ ...period, format }).unwrap();
    } catch (error) {
      const networkFailure = isFetchBaseQueryError(error) && error.status === 'FETCH_ERROR';
      notify.error(networkFailure ? t('common:errors.network') : errorMessage(error, t('export.failed')));
    }
  };
  return (
    <>
      {(['xlsx', 'csv'] as const).map((format) => (
        <Button key={format} variant="outlined" startIcon={<FileDownloadIcon />} disabled={isLoading} onClick={() => void start(format)}>
          {t(`export.${format}`)}
        </Button>
      ))}
    </>
  );
}

/** Entries listed before "Show all": the newest (latest dated) ones. */
const ENTRIES_SHOWN = 6;

function Entries({ period, closed }: { period: IftaPeriod; closed: boolean }) {
  const { t } = useTranslation('ifta');
  const quarter = { year: period.year, quarter: period.quarter };
  const { data: miles = [] } = useGetIftaMilesQuery(quarter);
  const { data: fuel = [] } = useGetIftaPurchasesQuery(quarter);
  const [deleteMiles] = useDeleteIftaMilesMutation();
  const [deleteFuel] = useDeleteIftaPurchaseMutation();
  const [dialog, setDialog] = useState<'miles' | 'fuel' | null>(null);
  const [showAll, setShowAll] = useState(false);
  const first = dayjs(new Date(period.year, period.quarter * 3 - 3, 1)).format('YYYY-MM-DD');
  const last = dayjs(new Date(period.year, period.quarter * 3, 0)).format('YYYY-MM-DD');
  const today = dayjs().format('YYYY-MM-DD');
  const maxDate = last < today ? last : today;
  const remove = async (run: () => Promise<unknown>) => {
    try {
      await run();
      notify.success(t('entries.deleted'));
    } catch (error) {
      notify.error(errorMessage(error, t('entries.deleteFailed')));
    }
  };
  const fuelOfType = fuel.filter((f) => f.fuelType === period.fuelType);
  // Only the listed entries are formatted: a quarter holds hundreds.
  const list = <E,>(entries: E[], item: (entry: E) => { id: number; text: string; label: string; onDelete: () => void }) =>
    entries.length === 0 ? (
      <Typography variant="body2" color="textSecondary">
        {t('entries.none')}
      </Typography>
    ) : (
      <Stack component="ul" spacing={0.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {(showAll ? entries : entries.slice(-ENTRIES_SHOWN)).map(item).map((item) => (
          <Stack component="li" key={item.id} direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {item.text}
            </Typography>
            {!closed && (
              <IconButton size="small" aria-label={t('entries.delete', { what: item.label })} onClick={item.onDelete}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            )}
          </Stack>
        ))}
        {!showAll && entries.length > ENTRIES_SHOWN && (
          <li>
            <Button size="small" onClick={() => setShowAll(true)}>
              {t('entries.showAll', { count: entries.length })}
            </Button>
          </li>
        )}
      </Stack>
    );
  return (
    <Box component="section" aria-labelledby="ifta-entries">
      <Typography id="ifta-entries" variant="h2" sx={{ fontSize: '1.25rem', mt: 3, mb: 1 }}>
        {t('entries.title')}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Button variant="outlined" onClick={() => setDialog('miles')}>
          {t('entries.addMiles')}
        </Button>
        <Button variant="outlined" onClick={() => setDialog('fuel')}>
          {t('entries.addFuel')}
        </Button>
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1 }}>
            {t('entries.milesTitle')}
          </Typography>
          {list(miles, (m) => ({
            id: m.id,
            label: `${formatCalendarDay(m.date)} ${m.jurisdiction}`,
            text: `${formatCalendarDay(m.date)} · ${m.unitNumber} · ${m.jurisdiction} · ${m.miles.toLocaleString('en-US')} mi${m.note ? ` · ${m.note}` : ''}`,
            onDelete: () => void remove(() => deleteMiles(m.id).unwrap()),
          }))}
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1 }}>
            {t('entries.fuelTitle')}
          </Typography>
          {list(fuelOfType, (f) => ({
            id: f.id,
            label: `${formatCalendarDay(f.date)} ${f.jurisdiction}`,
            text: `${formatCalendarDay(f.date)} · ${f.unitNumber} · ${f.jurisdiction} · ${f.gallons.toLocaleString('en-US')} gal · ${f.taxPaid ? t('entries.taxPaid') : t('entries.noTax')}${f.vendor ? ` · ${f.vendor}` : ''}`,
            onDelete: () => void remove(() => deleteFuel(f.id).unwrap()),
          }))}
        </Paper>
      </Box>
      <Suspense fallback={null}>
        {dialog === 'miles' && <AddMilesDialog defaultDate={defaultEntryDate(quarter)} minDate={first} maxDate={maxDate} onClose={() => setDialog(null)} />}
        {dialog === 'fuel' && (
          <AddFuelDialog defaultDate={defaultEntryDate(quarter)} minDate={first} maxDate={maxDate} fuelType={period.fuelType} onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </Box>
  );
}

function StatusChips({ ret }: { ret: IftaReturn }) {
  const { t } = useTranslation('ifta');
  const late = daysLate(ret) !== null;
  const status = ret.closedAt ? t('status.closed', { date: formatDateYear(ret.closedAt) }) : ret.status === 'open' ? t('status.open') : t('status.draft');
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <Chip label={status} color={ret.closedAt ? 'success' : 'default'} icon={ret.closedAt ? <LockIcon /> : undefined} data-testid="ifta-status" />
      <Chip
        label={t(late ? 'overdue.chip' : 'dueDate', { date: formatCalendarDay(ret.dueDate) })}
        color={late ? 'error' : 'default'}
        variant={late ? 'filled' : 'outlined'}
        data-testid="ifta-due"
      />
    </Stack>
  );
}

function AfterClose({ ret }: { ret: IftaReturn }) {
  const { t } = useTranslation('ifta');
  if (!ret.closedAt || ret.afterClose.length === 0) return null;
  return (
    <Alert severity="info" sx={{ mt: 2 }} data-testid="ifta-after-close">
      <AlertTitle>{t('afterClose.title')}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('afterClose.explain')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {ret.afterClose.map((item) => (
          <li key={`${item.kind}-${item.id}-${item.date}`}>
            {formatCalendarDay(item.date)} · {t(`afterClose.${item.kind}`, { id: item.id, unit: item.unitNumber })}
            {item.jurisdiction ? ` · ${item.jurisdiction}` : ''}
            {item.gallons !== null ? ` · ${t('afterClose.gallons', { value: item.gallons })}` : ''}
            {item.miles !== null ? ` · ${t('afterClose.miles', { value: item.miles })}` : ''}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/** /ifta (owner): the quarter's IFTA return — totals, a line per jurisdiction, warnings — closing it, exports and manual entries. */
export function IftaPage() {
  const { t } = useTranslation('ifta');
  const phone = useIsPhone();
  const [search, setSearch] = useSearchParams();
  // The address holds the return shown (?year&quarter&fuelType: a link, a reload, back and forward
  // keep it); without one, the current quarter's diesel return.
  const period = periodFromSearch(search);
  const setPeriod = (next: IftaPeriod) => setSearch(periodSearch(next), { replace: true });
  const [ratesOpen, setRatesOpen] = useState(false);
  const permissions = usePermissions();
  const { currentData: ret, isFetching, isError, refetch } = useGetIftaReturnQuery(period);
  const block = ret ? closeBlock(ret) : null;

  let body;
  if (!ret && isError) body = <LoadError onRetry={refetch} retrying={isFetching} />;
  else if (!ret) body = <LoadingRows rows={4} height={phone ? 160 : 40} />;
  else
    body = (
      <>
        <Overdue ret={ret} period={period} />
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
          <StatusChips ret={ret} />
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: { sm: 'flex-end' } }}>
            <CloseButton period={period} ret={ret} onUploadRates={() => setRatesOpen(true)} />
            <ExportButtons period={period} />
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setRatesOpen(true)} data-testid="ifta-upload-rates">
              {t('rates.upload')}
            </Button>
          </Stack>
        </Stack>
        <Totals ret={ret} />
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          {t('sources', ret.sources)}
        </Typography>
        {/* Below a phone's first screen (under the totals and their sources): the warnings, what
            changed after closing, the rows, then the entries. */}
        <ShownAfterPaint>
          {ret.warnings.length > 0 && (
            <Stack spacing={1} sx={{ mt: 2 }} component="section" aria-label={t('warnings')} data-testid="ifta-warnings">
              {ret.warnings.map((w) => (
                <Alert key={w.code} severity={w.code === 'sample_rates' || w.code === 'missing_rate' ? 'error' : w.code === 'zero_rate' ? 'info' : 'warning'} data-code={w.code}>
                  {warningText(w, period, t)}
                </Alert>
              ))}
            </Stack>
          )}
          <AfterClose ret={ret} />
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mt: 3, mb: 1 }}>
            {t('rows.label')}
          </Typography>
          {ret.rows.length === 0 ? <EmptyState>{t('rows.empty')}</EmptyState> : phone ? <RowCards rows={ret.rows} /> : <RowsTable rows={ret.rows} />}
          <Entries period={period} closed={Boolean(ret.closedAt)} />
        </ShownAfterPaint>
      </>
    );

  const select = (label: string, value: string | number, options: { value: string | number; label: string }[], onChange: (v: string) => void) => (
    <TextField select label={label} value={value} onChange={(e) => onChange(e.target.value)} fullWidth={false} sx={{ minWidth: 110 }} size="small">
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Page title={t('title')} maxWidth="xl">
      <Stack direction="row" sx={{ gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
        {select(t('year'), period.year, yearOptions().map((y) => ({ value: y, label: String(y) })), (v) => setPeriod({ ...period, year: Number(v) }))}
        {select(t('quarter'), period.quarter, [1, 2, 3, 4].map((q) => ({ value: q, label: t('quarterOption', { quarter: q }) })), (v) =>
          setPeriod({ ...period, quarter: Number(v) }),
        )}
        {select(t('fuelType'), period.fuelType, (['diesel', 'gasoline'] as FuelType[]).map((f) => ({ value: f, label: t(`fuel.${f}`) })), (v) =>
          setPeriod({ ...period, fuelType: v as FuelType }),
        )}
      </Stack>
      <Box aria-busy={isFetching}>{body}</Box>
      <Suspense fallback={null}>
        {ratesOpen && (
          <RatesDialog year={period.year} quarter={period.quarter} missing={block?.kind === 'missingRate' ? block.jurisdictions : []} onClose={() => setRatesOpen(false)} />
        )}
      </Suspense>
      {/* Traccar's address and token: for those who manage telematics (not a bookkeeper, whom the API refuses). */}
      {permissions.loaded && permissions.can('telematics.manage') && (
        <ShownAfterPaint>
          <Suspense fallback={null}>
            <TelematicsSection />
          </Suspense>
        </ShownAfterPaint>
      )}
    </Page>
  );
}
