import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface PaymentMethodModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Payment method modal and add funds (SPEC §2.9), opened from the dashboard wallet
 * button. Placeholder: the payments engineer replaces it. On a 401 from a
 * setup-intent call use `useSignOut().forceSignOut(message)` from '@/lib/auth'.
 */
export function PaymentMethodModal({ open, onClose }: PaymentMethodModalProps) {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('payments');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{tp('modalTitle')}</DialogTitle>
      <DialogContent sx={{ maxHeight: 460 }}>
        <Typography color="text.secondary">{t('placeholder.comingSoon')}</Typography>
      </DialogContent>
    </Dialog>
  );
}
