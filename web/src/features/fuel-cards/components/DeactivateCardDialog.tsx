import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { maskCardNumber } from '@/lib/format';
import type { FuelCard } from '../api/fuel-cards-api';
import '@/lib/i18n/texts/fuelCards';

interface DeactivateCardDialogProps {
  card: FuelCard;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a card is deactivated: from then on every purchase on it is declined. */
export function DeactivateCardDialog({ card, onCancel, onConfirm }: DeactivateCardDialogProps) {
  const { t } = useTranslation('fuelCards');
  return (
    <ConfirmDialog
      title={t('deactivateConfirm.title')}
      text={t('deactivateConfirm.text', { card: maskCardNumber(card.cardNumber), driver: card.driverName || t('deactivateConfirm.noDriver') })}
      confirmLabel={t('deactivateConfirm.confirm')}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
