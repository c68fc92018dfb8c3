import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCalendarDay } from '@/lib/format';
import type { DriverCard } from '../api/transactions-api';
import '@/lib/i18n/texts/transactions';

type Shipping = NonNullable<DriverCard['shipping']>;

/** Shipments that ended without the card: the fleet orders another. */
const ENDED_WITHOUT_CARD = new Set<Shipping['status']>(['returned', 'failure', 'canceled']);

/**
 * The driver's physical card while it is on its way to the company (being made, shipped with the
 * day it is expected and its tracking) or will not arrive; nothing once delivered or for a card
 * that is not shipped.
 */
export function CardShippingNote({ shipping }: { shipping: DriverCard['shipping'] }) {
  const { t } = useTranslation('transactions');
  if (!shipping || shipping.status === 'delivered') return null;
  const ended = ENDED_WITHOUT_CARD.has(shipping.status);
  const carrier = shipping.carrier ? shipping.carrier.toUpperCase() : t('card.shipping.theCarrier');
  return (
    <Box component="section" aria-labelledby="card-shipping-title" data-testid="my-card-shipping" data-shipping={shipping.status} sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <LocalShippingIcon fontSize="small" color={ended ? 'error' : 'primary'} aria-hidden />
        <Typography variant="subtitle2" component="h3" id="card-shipping-title">
          {t(`card.shipping.status.${shipping.status}`)}
        </Typography>
      </Stack>
      <Typography variant="body2" color={ended ? 'error' : 'textSecondary'} sx={{ overflowWrap: 'break-word' }}>
        {t(`card.shipping.says.${shipping.status}`, { carrier })}
        {/* The issuer's estimate is a day: the one it names in UTC, as the notice says. */}
        {shipping.eta && shipping.status === 'shipped' && ` ${t('card.shipping.eta', { day: formatCalendarDay(shipping.eta.slice(0, 10)) })}`}
        {shipping.trackingNumber && ` ${t('card.shipping.tracking', { number: shipping.trackingNumber })}`}
        {shipping.trackingUrl && (
          <>
            {' '}
            <Link href={shipping.trackingUrl} target="_blank" rel="noopener noreferrer">
              {t('card.shipping.track')}
            </Link>
          </>
        )}
      </Typography>
    </Box>
  );
}
