import Alert from '@mui/material/Alert';
import type { ConfirmUsBankAccountSetupData } from '@stripe/stripe-js';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Form, TextInput } from '@/components/form';
import { useSignOut } from '@/lib/auth';
import { useZodForm } from '@/lib/forms';
import { notify } from '@/lib/notifier';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { fetchAchSetupIntent, selectAchSetup } from '../api/setup-intents';
import { useStripeClient } from '@/lib/stripe/use-stripe-client';
import '@/lib/i18n/texts/payments';

interface AchSetupStepProps {
  publishableKey: string;
  defaultEmail: string;
  onSaved: () => void;
}

const achSchema = (t: (key: string) => string) =>
  z.object({
    name: z.string().trim().min(1, t('ach.holderNameRequired')),
    email: z.string().trim().pipe(z.email(t('ach.emailInvalid'))),
  });

/**
 * Creates the ACH setup intent and Financial Connections session, then links a US bank
 * account in Stripe's Financial Connections dialog and confirms the setup with it.
 */
export function AchSetupStep({ publishableKey, defaultEmail, onSaved }: AchSetupStepProps) {
  const { t } = useTranslation('payments');
  const dispatch = useAppDispatch();
  const { forceSignOut } = useSignOut();
  const setup = useAppSelector(selectAchSetup);
  const stripe = useStripeClient(publishableKey);
  const [error, setError] = useState<string | null>(null);
  const [linking, setLinking] = useState(false);
  const form = useZodForm(achSchema(t), { defaultValues: { name: '', email: defaultEmail } });

  useEffect(() => {
    const request = dispatch(fetchAchSetupIntent());
    void request.then((action) => {
      if (fetchAchSetupIntent.rejected.match(action) && action.payload?.unauthorized) forceSignOut(action.payload.message);
    });
    return () => request.abort();
  }, [dispatch, forceSignOut]);

  if (setup.loading || (!setup.error && !setup.setupIntentClientSecret)) {
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 3 }} role="status">
        <CircularProgress aria-hidden size={24} />
        <Typography color="textSecondary">{t('ach.loadingIntent')}</Typography>
      </Stack>
    );
  }
  if (setup.error) return <Alert severity="error">{setup.error}</Alert>;

  const link = async ({ name, email }: { name: string; email: string }) => {
    setError(null);
    if (stripe.status !== 'ready') return setError(t('errors.stripeNotLoaded'));
    const setupSecret = setup.setupIntentClientSecret;
    const sessionSecret = setup.financialConnectionsSessionClientSecret;
    if (!setupSecret || !sessionSecret) return setError(t('errors.noClientSecret'));
    setLinking(true);
    try {
      const collected = await stripe.stripe.collectFinancialConnectionsAccounts({ clientSecret: sessionSecret });
      if (collected.error) return setError(collected.error.message ?? t('errors.setupFailed'));
      const account = collected.financialConnectionsSession?.accounts[0];
      if (!account) return setError(t('ach.noAccount'));
      // Stripe's API takes the linked account as payment_method[us_bank_account][financial_connections_account];
      // the stripe-js typings only know the account/routing number form.
      const paymentMethod = { us_bank_account: { financial_connections_account: account.id }, billing_details: { name, email } };
      const data = { payment_method: paymentMethod } as unknown as ConfirmUsBankAccountSetupData;
      const confirmed = await stripe.stripe.confirmUsBankAccountSetup(setupSecret, data);
      if (confirmed.error) return setError(confirmed.error.message ?? t('errors.setupFailed'));
      notify.success(t('ach.methodInitiated'));
      onSaved();
    } catch {
      setError(t('errors.setupFailed'));
    } finally {
      setLinking(false);
    }
  };

  return (
    <Form form={form} onSubmit={link} aria-label={t('ach.title')}>
      <Stack spacing={2}>
        <Typography color="textSecondary">{t('ach.intro')}</Typography>
        {stripe.status === 'failed' && <Alert severity="warning">{t('errors.stripeNotLoaded')}</Alert>}
        <TextInput name="name" label={t('ach.holderName')} autoComplete="name" />
        <TextInput name="email" label={t('ach.email')} type="email" autoComplete="email" />
        {error && <Alert severity="error">{error}</Alert>}
        <Button
          type="submit"
          variant="contained"
          disabled={linking || stripe.status !== 'ready'}
          startIcon={linking ? <CircularProgress aria-hidden size={16} color="inherit" /> : undefined}
        >
          {linking ? t('ach.linking') : t('ach.link')}
        </Button>
      </Stack>
    </Form>
  );
}
