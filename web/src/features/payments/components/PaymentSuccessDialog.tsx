import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PaymentIntentResult } from '../api/payments-api';
import { formatMoney } from '../model/fees';
import '@/lib/i18n/texts/payments';

/**
 * 'Payment Submitted Successfully!' (docs/product.md §2.9 step 5), shown after the modal closes, only for a
 * payment that succeeded or is processing (bank payments take time).
 */
export function PaymentSuccessDialog({ payment, bank, onClose }: { payment: PaymentIntentResult; bank: boolean; onClose: () => void }) {
  const { t } = useTranslation('payments');
  const total = formatMoney(payment.total, payment.currency);
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="payment-success-title">
      <DialogTitle id="payment-success-title">
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <CheckCircleIcon color="success" />
          <span>{t('success.title')}</span>
        </Stack>
      </DialogTitle>
      <DialogContent>
        <Typography color="textSecondary">
          {payment.status === 'processing'
            ? t('success.processingText', { total })
            : bank
              ? t('success.bankText', { total })
              : t('success.text', { total })}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('success.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
