import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { maskCardNumber } from '@/lib/format';
import type { FuelCard } from '../api/fuel-cards-api';

interface DeactivateCardDialogProps {
  card: FuelCard;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a card is deactivated: from then on every purchase on it is declined. */
export function DeactivateCardDialog({ card, onCancel, onConfirm }: DeactivateCardDialogProps) {
  const { t } = useTranslation('fuelCards');
  const titleId = useId();
  return (
    <Dialog open onClose={onCancel} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('deactivateConfirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t('deactivateConfirm.text', { card: maskCardNumber(card.cardNumber), driver: card.driverName || t('deactivateConfirm.noDriver') })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('deactivateConfirm.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          {t('deactivateConfirm.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
