import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Form, SelectInput, TextInput } from '@/components/form';
import { useZodForm } from '@/lib/forms';
import {
  paymentMethodType,
  useCreatePaymentIntentMutation,
  CURRENCIES,
  type PaymentIntentResult,
  type PaymentMethod,
} from '../api/payments-api';
import { queryFailure } from '../model/errors';
import { isPaidOrProcessing } from '../model/payment-status';
import { chargesCardFee, feeCents, formatMoney, toCents } from '../model/fees';
import { methodKind, methodLabel } from '../model/method-label';
import { loadStripeClient } from '@/lib/stripe/stripe-client';
import '@/lib/i18n/texts/payments';

const addFundsSchema = (t: (key: string) => string) =>
  z.object({
    amount: z
      .string()
      .trim()
      .refine((value) => value !== '' && Number.isFinite(Number(value)) && Number(value) > 0 && toCents(Number(value)) > 0, t('errors.invalidAmount')),
    currency: z.enum(['USD', 'CAD']),
    paymentMethodId: z.string().min(1, t('errors.selectMethod')),
  });

type AddFundsValues = z.output<ReturnType<typeof addFundsSchema>>;

/** A fresh key per attempt: a retried click of the same submission never charges twice. */
function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

interface AddFundsFormProps {
  method: PaymentMethod | undefined;
  submitLabel: string;
  defaultAmount?: string;
  publishableKey: string;
  onBack: () => void;
  onPaid: (result: PaymentIntentResult) => void;
}

/**
 * Amount (min 0, step 0.01), currency (USD or CAD) and the selected method, with the fee
 * note (docs/product.md §2.9). The server creates and confirms the payment intent with the saved
 * method, so Stripe.js is needed only when the bank asks for 3-D Secure.
 */
export function AddFundsForm({ method, submitLabel, defaultAmount = '', publishableKey, onBack, onPaid }: AddFundsFormProps) {
  const { t } = useTranslation('payments');
  // One key per attempt at a payment: a retried click with the same details reuses it.
  const attempt = useRef<{ key: string; details: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [createPaymentIntent, { isLoading }] = useCreatePaymentIntentMutation();
  const [confirming, setConfirming] = useState(false);
  const form = useZodForm(addFundsSchema(t), {
    defaultValues: { amount: defaultAmount, currency: 'USD', paymentMethodId: method?.id ?? '' },
  });
  const [amount, currency] = useWatch({ control: form.control, name: ['amount', 'currency'] });
  const amountCents = Number.isFinite(Number(amount)) && Number(amount) > 0 ? toCents(Number(amount)) : 0;
  const fee = feeCents(amountCents, method);

  const submit = async (values: AddFundsValues) => {
    setFormError(null);
    if (!method) return setFormError(t('errors.selectMethod'));
    const cents = toCents(Number(values.amount));
    const details = `${cents}|${values.currency}|${method.id}`;
    if (attempt.current?.details !== details) attempt.current = { key: newIdempotencyKey(), details };
    let result: PaymentIntentResult;
    try {
      result = await createPaymentIntent({
        amount: cents,
        currency: values.currency,
        paymentMethodId: method.id,
        paymentMethodType: paymentMethodType(method),
        idempotencyKey: attempt.current.key,
      }).unwrap();
    } catch (error) {
      const failure = queryFailure(error, t('errors.paymentIntentFailed'));
      // A definite refusal ends this attempt; after a network error, 409, 429 or 5xx the
      // outcome is unknown, so a retry keeps the key and can never charge twice.
      const status = failure.status;
      if (status !== undefined && status >= 400 && status < 500 && status !== 409 && status !== 429) attempt.current = null;
      if (failure.message === t('errors.invalidAmount')) form.setError('amount', { message: failure.message });
      else setFormError(failure.message);
      return;
    }
    let status = result.status;
    if (status === 'requires_action' && result.clientSecret) {
      // The bank wants the cardholder (3-D Secure): only Stripe.js can show that.
      setConfirming(true);
      const stripe = await loadStripeClient(publishableKey);
      if (!stripe) {
        setConfirming(false);
        return setFormError(t('errors.stripeNotLoaded'));
      }
      const action = await stripe.handleNextAction({ clientSecret: result.clientSecret });
      setConfirming(false);
      if (action.error) return setFormError(action.error.message ?? t('errors.paymentIntentFailed'));
      status = action.paymentIntent?.status ?? status;
    }
    // Only money that is paid or on its way is a success; any other status
    // (requires_payment_method, canceled, still requires_action…) was not paid.
    if (!isPaidOrProcessing(status)) {
      attempt.current = null;
      return setFormError(t('errors.paymentIntentFailed'));
    }
    onPaid({ ...result, status });
  };

  const busy = isLoading || confirming;
  return (
    <Form form={form} onSubmit={submit} aria-label={submitLabel}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2}>
          <TextInput
            name="amount"
            label={t('addFunds.amount')}
            type="number"
            autoFocus
            slotProps={{ htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' } }}
          />
          <SelectInput name="currency" label={t('addFunds.currency')} sx={{ maxWidth: 140 }}>
            {CURRENCIES.map((code) => (
              <MenuItem key={code} value={code}>
                {code}
              </MenuItem>
            ))}
          </SelectInput>
        </Stack>
        <Stack spacing={0.5} data-testid="selected-method">
          <Typography variant="body2" color="textSecondary">
            {t('addFunds.selectedMethod')}
          </Typography>
          {method ? (
            <Typography>
              {methodLabel(method, t)} · {methodKind(method, t)}
            </Typography>
          ) : (
            <Typography color="error">{t('errors.selectMethod')}</Typography>
          )}
        </Stack>
        <Alert severity="info" variant="outlined">
          {t('addFunds.feeNote')}
        </Alert>
        {amountCents > 0 && (
          <Stack spacing={0.5} data-testid="payment-summary">
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography color="textSecondary">{chargesCardFee(method) ? t('addFunds.fee') : t('addFunds.noFee')}</Typography>
              <Typography>{formatMoney(fee, currency)}</Typography>
            </Stack>
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 600 }}>{t('addFunds.total')}</Typography>
              <Typography sx={{ fontWeight: 600 }}>{formatMoney(amountCents + fee, currency)}</Typography>
            </Stack>
          </Stack>
        )}
        {formError && <Alert severity="error">{formError}</Alert>}
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onBack} disabled={busy}>
            {t('back')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress aria-hidden size={16} color="inherit" /> : undefined}>
            {busy ? t('addFunds.submitting') : submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Form>
  );
}
