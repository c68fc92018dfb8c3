import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink } from 'react-router';
import { paths } from '@/lib/paths';
import { formatDollars, maskCardNumber } from '@/lib/format';
import { LoadError } from '@/components/feedback/LoadStates';
import { DASHBOARD_LIST_SIZE, useGetDashboardCardsQuery } from '../api/dashboard-api';
import { cardsBudget, type CardsBudget } from '../model/budget';
import { Tile } from './Tile';
import '@/lib/i18n/texts/dashboard';

/** "$1,234.00 of $5,000.00 budget this month" with a bar, red once over. */
function BudgetBar({ budget }: { budget: CardsBudget }) {
  const { t } = useTranslation('dashboard');
  const share = budget.budget > 0 ? (budget.spent / budget.budget) * 100 : 100;
  const over = budget.spent > budget.budget;
  const text = t('fuelCards.budget', { spent: formatDollars(budget.spent), budget: formatDollars(budget.budget) });
  return (
    <Box data-testid="cards-budget" sx={{ mb: 1.5 }}>
      <Typography variant="body2" color={over ? 'error' : 'textSecondary'} sx={{ mb: 0.5 }}>
        {text}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, share)}
        color={over ? 'error' : share >= 80 ? 'warning' : 'primary'}
        aria-label={text}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

/** The company's first 3 fuel cards and a Manage Cards button to /fuel-cards (docs/product.md §2.6). */
export function FuelCardsPreview() {
  const { t } = useTranslation('dashboard');
  const { data: cards, isLoading, isError, isFetching, refetch } = useGetDashboardCardsQuery();
  const budget = cards ? cardsBudget(cards) : null;
  const manage = (
    <Button component={ReactRouterLink} to={paths.fuelCards} size="small" sx={{ minHeight: 32 }}>
      {t('fuelCards.manage')}
    </Button>
  );
  return (
    <Tile title={t('fuelCards.title')} action={manage} testId="fuel-cards-tile">
      {isLoading && [0, 1, 2].map((row) => <Skeleton key={row} variant="rounded" height={48} />)}
      {isError && <LoadError onRetry={refetch} retrying={isFetching} />}
      {budget && <BudgetBar budget={budget} />}
      {cards && cards.length === 0 && <Typography color="textSecondary">{t('fuelCards.empty')}</Typography>}
      {cards && cards.length > 0 && (
        <List disablePadding>
          {cards.slice(0, DASHBOARD_LIST_SIZE).map((card) => (
            <ListItem key={card.cardNumber} disableGutters divider data-testid="dashboard-card">
              <ListItemText
                primary={maskCardNumber(card.cardNumber)}
                secondary={[card.driverName, card.unitNumber].filter(Boolean).join(' · ')}
                slotProps={{ primary: { sx: { fontFamily: 'monospace', letterSpacing: 1 } } }}
              />
              <Chip
                size="small"
                variant="outlined"
                color={card.status === 'ACTIVE' ? 'success' : 'default'}
                label={t(card.status === 'ACTIVE' ? 'fuelCards.active' : 'fuelCards.inactive')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Tile>
  );
}
