import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCalendarDay } from '@/lib/format';
import type { FuelCard } from '../api/fuel-cards-api';
import '@/lib/i18n/texts/fuelCards';

type Shipping = NonNullable<FuelCard['shipping']>;

/** Shipments that ended without the card: the owner deactivates it and orders another. */
const ENDED_WITHOUT_CARD = new Set<Shipping['status']>(['returned', 'failure', 'canceled']);

/**
 * A physical card's shipment on its row while it matters: on its way, or ended without the
 * card (docs/product.md, Ordering a card). Nothing once delivered, nor for a card not shipped.
 */
export function ShippingChip({ shipping }: { shipping: FuelCard['shipping'] }) {
  const { t } = useTranslation('fuelCards');
  if (!shipping || shipping.status === 'delivered') return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={ENDED_WITHOUT_CARD.has(shipping.status) ? 'error' : 'info'}
      label={t(`shipping.status.${shipping.status}`)}
      data-testid="shipping-chip"
      data-shipping={shipping.status}
    />
  );
}

/** What the shipment's status means and what to do, with the carrier's tracking when there is one. */
export function ShippingDetails({ shipping }: { shipping: FuelCard['shipping'] }) {
  const { t } = useTranslation('fuelCards');
  if (!shipping) return null;
  const carrier = shipping.carrier ? shipping.carrier.toUpperCase() : t('shipping.theCarrier');
  return (
    <Typography
      variant="body2"
      color={ENDED_WITHOUT_CARD.has(shipping.status) ? 'error' : 'textSecondary'}
      data-testid="shipping-details"
      sx={{ overflowWrap: 'break-word' }}
    >
      {t(`shipping.says.${shipping.status}`, { carrier })}
      {/* The issuer's estimate is a day: the one it names in UTC, as the holder's notice says. */}
      {shipping.eta && shipping.status === 'shipped' && ` ${t('shipping.eta', { day: formatCalendarDay(shipping.eta.slice(0, 10)) })}`}
      {shipping.trackingNumber && ` ${t('shipping.tracking', { number: shipping.trackingNumber })}`}
      {shipping.trackingUrl && (
        <>
          {' '}
          <Link href={shipping.trackingUrl} target="_blank" rel="noopener noreferrer">
            {t('shipping.track')}
          </Link>
        </>
      )}
    </Typography>
  );
}
