import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink } from 'react-router';
import { LoadError } from '@/components/feedback/LoadStates';
import { formatCalendarDay, formatDollars } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useGetIftaSummaryQuery, type IftaSummary } from '../api/dashboard-api';
import { Tile } from './Tile';
import '@/lib/i18n/texts/dashboard';

/** The IFTA page opened on a return's quarter and fuel. */
const returnLink = (s: Pick<IftaSummary, 'year' | 'quarter' | 'fuelType'>) => `${paths.ifta}?year=${s.year}&quarter=${s.quarter}&fuelType=${s.fuelType}`;

/** Returns past their due date and not closed: in red, how late, what to do, and a link to each. */
function OverdueReturns({ overdue }: { overdue: IftaSummary['overdue'] }) {
  const { t } = useTranslation('dashboard');
  return overdue.map((o) => {
    const labels = { period: t('ifta.quarter', { year: o.year, quarter: o.quarter }), fuel: t(`ifta.fuel.${o.fuelType}`) };
    return (
      <Alert key={`${o.year}-${o.quarter}-${o.fuelType}`} severity="error" data-testid="ifta-overdue" sx={{ '& .MuiAlert-message': { minWidth: 0 } }}>
        <AlertTitle>{t('ifta.overdueTitle', { ...labels, count: o.daysLate })}</AlertTitle>
        <Typography variant="body2" sx={{ mb: 0.5 }}>
          {t('ifta.overdueDue', { date: formatCalendarDay(o.dueDate) })}
        </Typography>
        <Link component={ReactRouterLink} to={returnLink(o)} variant="body2" color="inherit" sx={{ fontWeight: 600 }}>
          {t('ifta.overdueOpen', labels)}
        </Link>
      </Alert>
    );
  });
}

/** When it is due, in words: "Due Jan 31, 2027 · in 64 days", "due today", or overdue. */
function DueLine({ summary }: { summary: IftaSummary }) {
  const { t } = useTranslation('dashboard');
  const date = formatCalendarDay(summary.dueDate);
  if (summary.closedAt) return <Typography color="textSecondary">{t('ifta.closed', { date })}</Typography>;
  const late = summary.daysLeft < 0;
  const soon = summary.daysLeft <= 7;
  return (
    <Typography color={late || soon ? 'error' : 'textPrimary'} sx={{ fontWeight: soon ? 600 : undefined }} data-testid="ifta-due-date">
      {late ? t('ifta.overdue', { date }) : t('ifta.due', { date, count: summary.daysLeft })}
    </Typography>
  );
}

/** Owners: the current IFTA return's tax due so far and its due date (GET …/ifta/summary), linking to the return. */
export function IftaTile() {
  const { t } = useTranslation('dashboard');
  const { data, isFetching, isError, refetch } = useGetIftaSummaryQuery();

  let body;
  if (!data && isError) body = <LoadError onRetry={refetch} retrying={isFetching} message={t('ifta.failed')} />;
  else if (!data)
    body = (
      <Stack spacing={1} aria-busy>
        <Skeleton variant="text" width="40%" />
        <Skeleton variant="text" width="60%" height={40} />
        <Skeleton variant="text" width="50%" />
      </Stack>
    );
  else if (data.totalMiles === 0 && data.totalGallons === 0)
    body = (
      <Stack spacing={1} data-testid="ifta-empty">
        <Typography color="textSecondary">{t('ifta.empty', { quarter: t('ifta.quarter', { year: data.year, quarter: data.quarter }) })}</Typography>
        <DueLine summary={data} />
      </Stack>
    );
  else {
    const credit = data.totalDue < 0;
    const label = credit ? 'ifta.credit' : data.status === 'open' ? 'ifta.dueSoFar' : 'ifta.dueTotal';
    body = (
      <Stack spacing={0.5}>
        <Typography variant="body2" color="textSecondary">
          {t(label, { quarter: t('ifta.quarter', { year: data.year, quarter: data.quarter }) })}
        </Typography>
        <Typography sx={{ fontSize: '1.75rem', fontWeight: 700, color: credit ? 'success.main' : undefined }} data-testid="ifta-tax-due">
          {formatDollars(Math.abs(data.totalDue))}
        </Typography>
        <DueLine summary={data} />
        {data.warnings > 0 && (
          <Chip size="small" color="warning" variant="outlined" sx={{ alignSelf: 'flex-start' }} label={t('ifta.warnings', { count: data.warnings })} />
        )}
      </Stack>
    );
  }

  return (
    <Tile
      title={t('ifta.title')}
      testId="ifta-tile"
      action={
        <Link component={ReactRouterLink} to={data ? returnLink(data) : paths.ifta} variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {t('ifta.open')}
        </Link>
      }
    >
      {data && data.overdue.length > 0 && (
        <Stack spacing={1}>
          <OverdueReturns overdue={data.overdue} />
        </Stack>
      )}
      {body}
    </Tile>
  );
}
