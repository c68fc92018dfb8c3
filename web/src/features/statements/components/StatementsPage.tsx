import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState, LoadError, LoadingRows } from '@/components/feedback/LoadStates';
import { Page } from '@/components/layout/Page';
import { errorMessage } from '@/lib/api';
import { usePermissions } from '@/lib/auth';
import { formatDollars } from '@/lib/format/fleet';
import { notify } from '@/lib/notifier';
import { statementDetailPath } from '@/lib/paths';
import {
  useGetStatementSettingsQuery,
  useGetStatementsQuery,
  useSetStatementPeriodMutation,
  type StatementPeriod,
} from '../api/statements-api';
import { periodDates } from '../period-dates';
import '@/lib/i18n/texts/statements';

/** /statements (owners, admins, bookkeepers): the company's periods, the open one first, and its statement period. */
export function StatementsPage() {
  const { t } = useTranslation('statements');
  const { can } = usePermissions();
  const { data, isLoading, isFetching, isError, error, refetch } = useGetStatementsQuery();
  const settings = useGetStatementSettingsQuery();
  const [setPeriod, setting] = useSetStatementPeriodMutation();
  const change = (period: StatementPeriod) => {
    setPeriod(period)
      .unwrap()
      .then(() => notify.success(t('periodSaved')))
      .catch((e: unknown) => notify.error(errorMessage(e, t('periodFailed'))));
  };
  return (
    <Page title={t('title')} maxWidth="md">
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {t('rule')}
      </Typography>
      {settings.data && (
        <TextField select size="small" label={t('period')} value={settings.data.period} sx={{ mb: 2, minWidth: 200 }}
          disabled={!can('statements.write') || setting.isLoading} onChange={(e) => change(e.target.value as StatementPeriod)}
          helperText={t('periodHint')} slotProps={{ htmlInput: { 'data-testid': 'statement-period' } }}>
          <MenuItem value="monthly">{t('monthly')}</MenuItem>
          <MenuItem value="weekly">{t('weekly')}</MenuItem>
        </TextField>
      )}
      <Card component="section" aria-label={t('title')}>
        <CardContent sx={{ px: { xs: 0, sm: 2 } }}>
          {isLoading && <LoadingRows rows={4} height={56} />}
          {isError && !data && <LoadError onRetry={refetch} retrying={isFetching} message={errorMessage(error, t('loadFailed'))} />}
          {data && data.length === 0 && <EmptyState testId="statements-empty">{t('empty')}</EmptyState>}
          {data && data.length > 0 && (
            <List disablePadding component="div" data-testid="statement-list">
              {data.map((s) => (
                <ListItemButton key={s.id} component={RouterLink} to={statementDetailPath(s.id)} divider data-testid="statement-row">
                  <ListItemText
                    primary={periodDates(s)}
                    secondary={t('balances', { opening: formatDollars(s.openingBalance), closing: formatDollars(s.closingBalance) })}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                  <Chip size="small" label={t(`status.${s.status}`)} color={s.status === 'OPEN' ? 'info' : 'default'} sx={{ ml: 1 }} />
                  <ChevronRightIcon color="action" />
                </ListItemButton>
              ))}
            </List>
          )}
        </CardContent>
      </Card>
    </Page>
  );
}
