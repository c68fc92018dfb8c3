import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Stripe, StripeElement } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetCardDetailsConfigQuery, useRevealCardDetailsMutation } from '@/lib/stripe/card-details-api';
import { loadStripeClient } from '@/lib/stripe/stripe-client';

type Field = 'number' | 'expiry' | 'cvc';
const displays: Record<Field, 'issuingCardNumberDisplay' | 'issuingCardExpiryDisplay' | 'issuingCardCvcDisplay'> = {
  number: 'issuingCardNumberDisplay',
  expiry: 'issuingCardExpiryDisplay',
  cvc: 'issuingCardCvcDisplay',
};
const fields: Field[] = ['number', 'expiry', 'cvc'];

type RevealState = { status: 'loading' } | { status: 'shown' } | { status: 'failed'; reason: 'stripe' | 'reveal' };

/**
 * A Stripe card's number, expiry and CVC, shown by Stripe's Issuing Elements inside Stripe's own
 * frames (the details never reach the portal): Stripe.js makes a nonce for the card, the portal
 * answers an ephemeral key for it, and the elements read the card from Stripe. Copy buttons are
 * Stripe's too. When Stripe.js cannot load (offline, blocked) the dialog says so and offers a retry.
 */
export function CardDetailsDialog({ cardNumber, issuingCardId, onClose }: { cardNumber: string; issuingCardId: string; onClose: () => void }) {
  const { t } = useTranslation('common');
  const config = useGetCardDetailsConfigQuery();
  const [reveal] = useRevealCardDetailsMutation();
  const [attempt, setAttempt] = useState(0);
  // The outcome of one attempt; a retry's new attempt reads as loading until it settles.
  const [outcome, setOutcome] = useState<{ attempt: number; state: RevealState }>({ attempt: -1, state: { status: 'loading' } });
  const slots = useRef<Partial<Record<Field | `copy-${Field}`, HTMLDivElement | null>>>({});
  const publishableKey = config.data?.stripePublishableKey;
  const configFailed = config.isError;
  const state: RevealState = configFailed ? { status: 'failed', reason: 'stripe' } : outcome.attempt === attempt ? outcome.state : { status: 'loading' };

  useEffect(() => {
    if (configFailed || publishableKey === undefined) return;
    let active = true;
    const mounted: StripeElement[] = [];
    const settle = (settled: RevealState) => setOutcome({ attempt, state: settled });
    void (async () => {
      const stripe: Stripe | null = await loadStripeClient(publishableKey);
      if (!active) return;
      if (!stripe) {
        settle({ status: 'failed', reason: 'stripe' });
        return;
      }
      try {
        const made = await stripe.createEphemeralKeyNonce({ issuingCard: issuingCardId });
        if (!made.nonce) throw new Error(made.error?.message ?? 'no nonce');
        const key = await reveal({ cardNumber, nonce: made.nonce }).unwrap();
        if (!active) return;
        const elements = stripe.elements();
        const options = { issuingCard: key.issuingCardId, nonce: made.nonce, ephemeralKeySecret: key.ephemeralKeySecret };
        for (const field of fields) {
          const display = elements.create(displays[field] as 'issuingCardNumberDisplay', options);
          const slot = slots.current[field];
          if (slot) display.mount(slot);
          mounted.push(display);
          const copy = elements.create('issuingCardCopyButton', { toCopy: field });
          const copySlot = slots.current[`copy-${field}`];
          if (copySlot) copy.mount(copySlot);
          mounted.push(copy);
        }
        settle({ status: 'shown' });
      } catch {
        if (active) settle({ status: 'failed', reason: 'reveal' });
      }
    })();
    return () => {
      active = false;
      for (const element of mounted) element.destroy();
    };
  }, [publishableKey, configFailed, issuingCardId, cardNumber, reveal, attempt]);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="card-details-title">
      <DialogTitle id="card-details-title">{t('cardDetails.title', { last4: cardNumber.slice(-4) })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {state.status === 'failed' && (
            <Alert
              severity="error"
              data-testid="card-details-error"
              action={
                <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
                  {t('cardDetails.retry')}
                </Button>
              }
              sx={{ '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' }, flexWrap: 'wrap' }}
            >
              {t(state.reason === 'stripe' ? 'cardDetails.stripeFailed' : 'cardDetails.revealFailed')}
            </Alert>
          )}
          {state.status === 'loading' && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <CircularProgress size={20} aria-hidden />
              <Typography>{t('cardDetails.loading')}</Typography>
            </Stack>
          )}
          <Stack spacing={1.5} data-testid="card-details" sx={{ display: state.status === 'failed' ? 'none' : 'flex' }}>
            {fields.map((field) => (
              <Box key={field}>
                <Typography variant="caption" color="textSecondary" component="div">
                  {t(`cardDetails.${field}`)}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 32 }}>
                  <Box ref={(node: HTMLDivElement | null) => void (slots.current[field] = node)} sx={{ flex: 1, minWidth: 0 }} data-testid={`card-details-${field}`} />
                  <Box sx={{ position: 'relative', width: 32, height: 32, flex: 'none' }} title={t(`cardDetails.copy.${field}`)}>
                    <ContentCopyIcon fontSize="small" color="action" sx={{ position: 'absolute', inset: 6 }} aria-hidden />
                    <Box
                      ref={(node: HTMLDivElement | null) => void (slots.current[`copy-${field}`] = node)}
                      sx={{ position: 'absolute', inset: 0 }}
                      data-testid={`card-details-copy-${field}`}
                    />
                  </Box>
                </Stack>
              </Box>
            ))}
          </Stack>
          <Box component="section" aria-labelledby="card-details-wallets">
            <Typography variant="subtitle2" component="h3" id="card-details-wallets">
              {t('cardDetails.wallets.title')}
            </Typography>
            <Typography variant="body2" component="ol" sx={{ pl: 2.5, my: 0.5 }}>
              <li>{t('cardDetails.wallets.apple')}</li>
              <li>{t('cardDetails.wallets.google')}</li>
              <li>{t('cardDetails.wallets.code')}</li>
            </Typography>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cardDetails.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
