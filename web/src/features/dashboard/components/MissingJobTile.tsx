import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink } from 'react-router';
import { LoadError } from '@/components/feedback/LoadStates';
import type { RoleCode } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { MISSING_JOB_COUNT_CAP, useGetMissingJobCountQuery } from '../api/dashboard-api';
import { Tile } from './Tile';
import '@/lib/i18n/texts/dashboard';

/**
 * Where the purchases missing a job are listed: for the office the coding page's filter; for a driver
 * their own purchases, every date, only those missing a job (each opens its page to enter the job).
 */
const missingJobListPath = (role: RoleCode) =>
  role === 'ROLE_COMPANY' ? `${paths.coding}?missingJob=true` : `${paths.transactions}?missingJob=true&from=&to=`;

/** A task: how many purchases wait for the job their card requires, linking to the list of them. */
export function MissingJobTile({ role }: { role: RoleCode }) {
  const { t } = useTranslation('dashboard');
  const { data: count, isFetching, isError, refetch } = useGetMissingJobCountQuery(role);
  const to = missingJobListPath(role);

  let body;
  if (count === undefined && isError) body = <LoadError onRetry={refetch} retrying={isFetching} message={t('missingJob.failed')} />;
  else if (count === undefined)
    body = (
      <Stack spacing={1} aria-busy>
        <Skeleton variant="text" width="60%" height={32} />
      </Stack>
    );
  else if (count === 0)
    body = (
      <Typography color="textSecondary" data-testid="missing-job-none">
        {t(role === 'ROLE_COMPANY' ? 'missingJob.noneOffice' : 'missingJob.none')}
      </Typography>
    );
  else
    body = (
      <Link component={ReactRouterLink} to={to} sx={{ fontWeight: 600, fontSize: '1.125rem', overflowWrap: 'anywhere' }} data-testid="missing-job-count">
        {t(role === 'ROLE_COMPANY' ? 'missingJob.countOffice' : 'missingJob.count', { count, n: count >= MISSING_JOB_COUNT_CAP ? `${count}+` : count })}
      </Link>
    );

  return (
    <Tile title={t('missingJob.title')} testId="missing-job-tile">
      {body}
    </Tile>
  );
}
