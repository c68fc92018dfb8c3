import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState, LoadError, LoadingRows } from '@/components/feedback/LoadStates';
import { Page } from '@/components/layout/Page';
import { BackButton } from '@/components/navigation';
import { errorMessage } from '@/lib/api';
import { formatDollars } from '@/lib/format/fleet';
import { formatDateYearTime } from '@/lib/format/instant';
import { notify } from '@/lib/notifier';
import { paths } from '@/lib/paths';
import { useDownloadStatementMutation, useGetStatementQuery, type StatementFormat, type StatementLine } from '../api/statements-api';
import { periodDates } from '../period-dates';
import '@/lib/i18n/texts/statements';

/** The lines the page lists; the downloads hold every line. */
const SHOWN_LINES = 100;
const SECTIONS = ['TOP_UP', 'FUEL_PURCHASE', 'TRANSACTION_FEE', 'OTHER', 'INVOICE_PAYMENT'] as const;
const sectionOf = (kind: string) => ((SECTIONS as readonly string[]).includes(kind) ? kind : 'OTHER');

/** One movement: what, when, and the purchase's card, driver, station and gallons. */
function LineRow({ line }: { line: StatementLine }) {
  const { t } = useTranslation('statements');
  const p = line.purchase;
  return (
    <Stack direction="row" spacing={1} sx={{ py: 1, alignItems: 'flex-start' }} data-testid="statement-line">
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {t(`kind.${sectionOf(line.kind)}`)}
          {p && ` · ${p.station || line.reference}`}
          {line.late && <Chip size="small" label={t('late')} color="warning" sx={{ ml: 1 }} />}
        </Typography>
        <Typography variant="caption" color="textSecondary" sx={{ overflowWrap: 'anywhere', display: 'block' }}>
          {formatDateYearTime(line.postedAt)}
          {/* The unit ("unit TRK-182") on one line: the line breaks before it, not at its hyphen. */}
          {p && (
            <>
              {' · '}
              <Trans
                t={t}
                i18nKey="purchase"
                values={{ card: p.cardNumber, driver: p.driver || '—', unit: p.unit || '—', jurisdiction: p.jurisdiction || '—', product: p.product, gallons: p.gallons.toFixed(3) }}
                components={{ nowrap: <Box component="span" sx={{ whiteSpace: 'nowrap' }} /> }}
              />
            </>
          )}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {formatDollars(line.amount)}
      </Typography>
    </Stack>
  );
}

/** /statements/:statementId: a period's balances, section totals, lines, open holds and its PDF, CSV and XLSX. */
export function StatementPage() {
  const { t } = useTranslation('statements');
  const id = Number(useParams().statementId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const { data, isLoading, isFetching, isError, error, refetch } = useGetStatementQuery(id, { skip: !valid });
  const [download, downloading] = useDownloadStatementMutation();
  const totals = useMemo(() => {
    const sums = new Map<string, number>();
    for (const l of data?.lines ?? []) sums.set(sectionOf(l.kind), (sums.get(sectionOf(l.kind)) ?? 0) + Math.round(l.amount * 100));
    return SECTIONS.filter((s) => sums.has(s)).map((s) => [s, (sums.get(s) ?? 0) / 100] as const);
  }, [data]);
  const save = (format: StatementFormat) => {
    download({ id, format })
      .unwrap()
      .catch((e: unknown) => notify.error(errorMessage(e, t('downloadFailed'))));
  };
  return (
    <Page title={data ? periodDates(data) : t('statement')} maxWidth="md" leading={<BackButton to={paths.statements} label={t('back')} />}>
      {!valid && <EmptyState testId="statement-missing">{t('notFound')}</EmptyState>}
      {isLoading && <LoadingRows rows={5} height={48} />}
      {isError && !data && <LoadError onRetry={refetch} retrying={isFetching} message={errorMessage(error, t('loadFailed'))} />}
      {data && (
        <Stack spacing={2}>
          <Card component="section" aria-label={t('summary')}>
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
                <Chip size="small" label={t(`status.${data.status}`)} color={data.status === 'OPEN' ? 'info' : 'default'} />
                <Typography variant="body2" color="textSecondary">
                  {t(data.status === 'OPEN' ? 'openHint' : 'closedHint')}
                </Typography>
              </Stack>
              <Row label={t('opening')} amount={data.openingBalance} strong />
              {totals.map(([section, amount]) => (
                <Row key={section} label={t(`section.${section}`)} amount={amount} />
              ))}
              <Divider sx={{ my: 1 }} />
              <Row label={t('closing')} amount={data.closingBalance} strong />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
                {(['pdf', 'csv', 'xlsx'] as const).map((format) => (
                  <Button key={format} variant={format === 'pdf' ? 'contained' : 'outlined'} startIcon={<DownloadIcon />}
                    disabled={downloading.isLoading} onClick={() => save(format)} data-testid={`statement-download-${format}`}>
                    {t(`download.${format}`)}
                  </Button>
                ))}
              </Stack>
            </CardContent>
          </Card>
          <Card component="section" aria-labelledby="statement-lines">
            <CardContent>
              <Typography variant="h2" id="statement-lines">
                {t('lines', { count: data.lines.length })}
              </Typography>
              {data.lines.length === 0 && <EmptyState testId="statement-no-lines">{t('noLines')}</EmptyState>}
              {data.lines.slice(0, SHOWN_LINES).map((l) => (
                <LineRow key={l.id} line={l} />
              ))}
              {data.lines.length > SHOWN_LINES && (
                <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
                  {t('moreLines', { count: data.lines.length - SHOWN_LINES })}
                </Typography>
              )}
            </CardContent>
          </Card>
          {data.status === 'OPEN' && (
            <Card component="section" aria-labelledby="statement-holds">
              <CardContent>
                <Typography variant="h2" id="statement-holds">
                  {t('holds')}
                </Typography>
                <Typography variant="body2" color="textSecondary">
                  {t('holdsHint')}
                </Typography>
                {data.holds.length === 0 && <EmptyState testId="statement-no-holds">{t('noHolds')}</EmptyState>}
                {data.holds.map((h) => (
                  <Stack key={h.authorizationId} direction="row" spacing={1} sx={{ py: 1 }}>
                    <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                      {`${h.merchant || h.authorizationId} · ${h.cardNumber} · ${formatDateYearTime(h.authorizedAt)}`}
                    </Typography>
                    <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                      {formatDollars(h.amount)}
                    </Typography>
                  </Stack>
                ))}
              </CardContent>
            </Card>
          )}
        </Stack>
      )}
    </Page>
  );
}

function Row({ label, amount, strong = false }: { label: string; amount: number; strong?: boolean }) {
  return (
    <Stack direction="row" spacing={1} sx={{ py: 0.5 }}>
      <Typography variant="body2" sx={{ flexGrow: 1, fontWeight: strong ? 600 : undefined }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontWeight: strong ? 600 : undefined, fontVariantNumeric: 'tabular-nums' }}>
        {formatDollars(amount)}
      </Typography>
    </Stack>
  );
}
