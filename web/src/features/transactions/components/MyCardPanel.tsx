import CreditCardIcon from '@mui/icons-material/CreditCard';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SavedAtNote } from '@/components/feedback/SavedAtNote';
import { errorStatus } from '@/lib/api';
import { selectSavedAt } from '@/lib/api/saved-data';
import { formatClockTime, formatMonthDayTime } from '@/lib/format';
import { useAppSelector } from '@/lib/store';
import { useGetDriverCardQuery } from '../api/transactions-api';
import { cardRulePhrases, type CardLock } from '../model/card-rules';
import { OverrideRequestPanel } from './OverrideRequestPanel';
import { PumpPromptsNote } from './PumpPromptsNote';
import '@/lib/i18n/texts/transactions';

// A physical card's shipment is rare news: its note loads only for a card on its way.
const CardShippingNote = lazy(async () => ({ default: (await import('./CardShippingNote')).CardShippingNote }));

// Stripe's Issuing Elements load when the driver asks to see the card, not with the dashboard.
const CardDetailsDialog = lazy(async () => ({ default: (await import('@/components/card-details/CardDetailsDialog')).CardDetailsDialog }));

export type { CardLock } from '../model/card-rules';

/**
 * The driver's dashboard: their card's rules and lock in words, what is left today, a physical card's
 * shipment while it is on its way, when the pump
 * check applies what the truck's position is used for and what is kept, and below them the latest
 * declined purchase with "Request override" or the state of the request made.
 */
export function MyCardPanel({ lock = null }: { lock?: CardLock | null }) {
  const { t } = useTranslation('transactions');
  const { data: card, isLoading, isError, error, refetch } = useGetDriverCardQuery();
  const savedAt = useAppSelector((state) => selectSavedAt(state, 'getDriverCard'));
  const [showDetails, setShowDetails] = useState(false);
  if (isError && errorStatus(error) === 404) return null;
  const phrases = card ? cardRulePhrases(t, card, lock) : [];
  return (
    <Card component="section" aria-labelledby="my-card-title" data-testid="my-card" variant="outlined">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CreditCardIcon color="primary" aria-hidden />
            <Typography variant="h3" component="h2" id="my-card-title">
              {t('card.title')}
            </Typography>
          </Stack>
          {card && (
            <Typography variant="body2" color="textSecondary">
              {t('card.number', { last4: card.cardNumber.slice(-4) })}
            </Typography>
          )}
        </Stack>
        {isLoading && <Skeleton variant="rounded" height={48} aria-label={t('common:loading')} />}
        {isError && !card && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                {t('card.retry')}
              </Button>
            }
          >
            {t('card.loadFailed')}
          </Alert>
        )}
        {card && (
          <>
            {card.status === 'INACTIVE' && <Alert severity="error">{t('card.inactive')}</Alert>}
            {card.overrideUntil && <Alert severity="success">{t('card.overridden', { until: formatMonthDayTime(card.overrideUntil) })}</Alert>}
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="my-card-rules">
              {phrases.length ? phrases.join(' · ') : t('card.noRules')}
            </Typography>
            {card.shipping && card.shipping.status !== 'delivered' && (
              <Suspense fallback={null}>
                <CardShippingNote shipping={card.shipping} />
              </Suspense>
            )}
            <PumpPromptsNote prompts={card.prompts} lifted={card.overrideLiftsPrompt} />
            {card.pumpCheck && (
              <Typography variant="body2" color="textSecondary" data-testid="my-card-pump-check" sx={{ overflowWrap: 'break-word' }}>
                <Box component="strong" sx={{ color: 'text.primary' }}>
                  {t('card.pumpCheckTitle')}
                </Box>
                {': '}
                {t('card.pumpCheck')}
              </Typography>
            )}
            {card.issuer === 'stripe' && card.issuerCardId && (
              <Button variant="outlined" size="small" onClick={() => setShowDetails(true)} sx={{ alignSelf: 'flex-start' }}>
                {t('prompts.showDetails')}
              </Button>
            )}
            {showDetails && card.issuerCardId && (
              <Suspense fallback={null}>
                <CardDetailsDialog cardNumber={card.cardNumber} issuingCardId={card.issuerCardId} onClose={() => setShowDetails(false)} />
              </Suspense>
            )}
            {savedAt === null ? (
              <Typography variant="caption" color="textSecondary" data-testid="my-card-updated">
                {t('card.updated', { time: formatClockTime(card.asOf) })}
              </Typography>
            ) : (
              <SavedAtNote endpoint="getDriverCard" testId="my-card-updated" />
            )}
          </>
        )}
        <OverrideRequestPanel query={{ scope: 'driver' }} />
      </CardContent>
    </Card>
  );
}
