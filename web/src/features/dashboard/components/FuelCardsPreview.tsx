import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink } from 'react-router';
import { paths } from '@/app/paths';
import { maskCardNumber } from '@/lib/format';
import { DASHBOARD_LIST_SIZE, useGetDashboardCardsQuery } from '../api/dashboard-api';
import { Tile } from './Tile';

/** The company's first 3 fuel cards and a Manage Cards button to /fuel-cards (SPEC §2.6). */
export function FuelCardsPreview() {
  const { t } = useTranslation('dashboard');
  const { data: cards, isLoading } = useGetDashboardCardsQuery();
  const manage = (
    <Button component={ReactRouterLink} to={paths.fuelCards} size="small" sx={{ minHeight: 32 }}>
      {t('fuelCards.manage')}
    </Button>
  );
  return (
    <Tile title={t('fuelCards.title')} action={manage} testId="fuel-cards-tile">
      {isLoading && [0, 1, 2].map((row) => <Skeleton key={row} variant="rounded" height={48} />)}
      {cards && cards.length === 0 && <Typography color="text.secondary">{t('fuelCards.empty')}</Typography>}
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
