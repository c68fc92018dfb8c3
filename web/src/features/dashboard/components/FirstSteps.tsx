import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as ReactRouterLink } from 'react-router';
import { selectUser, usePermissions } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { useAppSelector } from '@/lib/store';
import { useGetCompanyWalletQuery, useGetDashboardCardsQuery, useGetDashboardConfigQuery, useGetRecentTransactionsQuery } from '../api/dashboard-api';
import { Tile } from './Tile';
import '@/lib/i18n/texts/dashboard';

function Step({ done, title, children }: { done: boolean; title: string; children: ReactNode }) {
  return (
    <ListItem disableGutters alignItems="flex-start" data-testid="first-step" data-done={done}>
      <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
        {done ? <CheckCircleIcon color="success" titleAccess="" /> : <RadioButtonUncheckedIcon color="disabled" titleAccess="" />}
      </ListItemIcon>
      <ListItemText
        primary={title}
        secondary={children}
        slotProps={{ primary: { sx: { fontWeight: 600 } }, secondary: { component: 'div', sx: { overflowWrap: 'anywhere' } } }}
      />
    </ListItem>
  );
}

const contactLink = <Link component={ReactRouterLink} to={paths.contactUs} />;
const cardsLink = <Link component={ReactRouterLink} to={paths.fuelCards} />;

/**
 * What a new company does first, on its dashboard until it has a purchase: get cards, have the
 * drivers join (with the company name exactly as the server matches it, and their card number),
 * fund the wallet (or, when this server takes no payments, whom to ask). A grid row of the
 * owner's dashboard, or nothing.
 */
export function FirstSteps() {
  const { t } = useTranslation('dashboard');
  const company = useAppSelector(selectUser)?.company?.name ?? '';
  const cards = useGetDashboardCardsQuery();
  const recent = useGetRecentTransactionsQuery({ role: 'ROLE_COMPANY' });
  const { can } = usePermissions();
  const walletShown = can('wallet.read');
  const wallet = useGetCompanyWalletQuery(undefined, { skip: !walletShown });
  const config = useGetDashboardConfigQuery();
  // Only once it is known that nothing was bought yet: an established company never sees it flash.
  if (!recent.data || recent.data.length > 0 || !cards.data) return null;
  const hasCards = cards.data.length > 0;
  const funded = (wallet.data?.balance ?? 0) > 0 || wallet.data?.canPayByInvoice === true;
  const paymentsOn = config.data?.paymentsConfigured === true;
  return (
    <Grid size={12}>
      <Tile title={t('firstSteps.title')} testId="first-steps">
      <Typography variant="body2" color="textSecondary">
        {t('firstSteps.intro')}
      </Typography>
      <List dense disablePadding component="ol">
        <Step done={hasCards} title={t('firstSteps.cards.title')}>
          <Trans t={t} i18nKey={hasCards ? 'firstSteps.cards.done' : 'firstSteps.cards.todo'} count={cards.data.length} components={{ cards: cardsLink }} />
        </Step>
        <Step done={false} title={t('firstSteps.drivers.title')}>
          <Trans
            t={t}
            i18nKey="firstSteps.drivers.text"
            values={{ company, signup: `${window.location.origin}${paths.signUp}` }}
            components={{ strong: <strong data-testid="first-steps-company" />, cards: cardsLink }}
          />
        </Step>
        {walletShown && (
          <Step done={funded} title={t('firstSteps.wallet.title')}>
            {paymentsOn ? t('firstSteps.wallet.payments') : <Trans t={t} i18nKey="firstSteps.wallet.noPayments" components={{ contact: contactLink }} />}
          </Step>
        )}
      </List>
      </Tile>
    </Grid>
  );
}
