import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '@/lib/auth';
import { notify } from '@/lib/notifier';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { fetchCardSetupIntent, selectCardSetup } from '../api/setup-intents';
import { useStripeClient } from '@/lib/stripe/use-stripe-client';
import '@/lib/i18n/texts/payments';

interface CardSetupStepProps {
  funding: 'credit' | 'debit';
  publishableKey: string;
  onSaved: () => void;
}

/** Creates a card setup intent, then shows the Stripe Elements card form that confirms it. */
export function CardSetupStep({ funding, publishableKey, onSaved }: CardSetupStepProps) {
  const { t } = useTranslation('payments');
  const dispatch = useAppDispatch();
  const { forceSignOut } = useSignOut();
  const setup = useAppSelector(selectCardSetup);
  const stripe = useStripeClient(publishableKey);

  useEffect(() => {
    const request = dispatch(fetchCardSetupIntent(funding));
    void request.then((action) => {
      if (fetchCardSetupIntent.rejected.match(action) && action.payload?.unauthorized) forceSignOut(action.payload.message);
    });
    return () => request.abort();
  }, [dispatch, funding, forceSignOut]);

  if (setup.loading) return <Pending text={t('card.loadingIntent')} />;
  if (setup.error) return <Alert severity="error">{setup.error}</Alert>;
  if (!setup.clientSecret) return <Pending text={t('card.loadingIntent')} />;
  if (stripe.status === 'loading') return <Pending text={t('card.loadingIntent')} />;
  if (stripe.status === 'failed') return <Alert severity="warning">{t('errors.stripeNotLoaded')}</Alert>;
  return (
    <Elements stripe={stripe.stripe}>
      <CardForm clientSecret={setup.clientSecret} onSaved={onSaved} />
    </Elements>
  );
}

function Pending({ text }: { text: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 3 }} role="status">
      <CircularProgress aria-hidden size={24} />
      <Typography color="textSecondary">{text}</Typography>
    </Stack>
  );
}

function CardForm({ clientSecret, onSaved }: { clientSecret: string; onSaved: () => void }) {
  const { t } = useTranslation('payments');
  const theme = useTheme();
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!stripe || !elements) return setError(t('errors.stripeNotLoaded'));
    const card = elements.getElement(CardElement);
    if (!card) return setError(t('errors.cardElementNotFound'));
    if (!clientSecret) return setError(t('errors.noClientSecret'));
    setSaving(true);
    try {
      const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
      if (result.error) return setError(result.error.message ?? t('errors.cardSetupFailed'));
      notify.success(t('card.saved'));
      onSaved();
    } catch {
      setError(t('errors.cardSetupFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} aria-label={t('card.save')}>
      <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.default' }} data-testid="card-element">
        <CardElement
          options={{
            hidePostalCode: false,
            style: {
              base: { color: theme.palette.text.primary, fontSize: '16px', '::placeholder': { color: theme.palette.text.secondary } },
              invalid: { color: theme.palette.error.main },
            },
          }}
        />
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      <Button type="submit" variant="contained" disabled={saving} startIcon={saving ? <CircularProgress aria-hidden size={16} color="inherit" /> : undefined}>
        {saving ? t('card.saving') : t('card.save')}
      </Button>
    </Stack>
  );
}
