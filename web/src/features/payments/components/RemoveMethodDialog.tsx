import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import '@/lib/i18n/texts/payments';

interface RemoveMethodDialogProps {
  label: string;
  removing: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a saved method is removed (docs/product.md §2.9 step 4). */
export function RemoveMethodDialog({ label, removing, onCancel, onConfirm }: RemoveMethodDialogProps) {
  const { t } = useTranslation('payments');
  return (
    <ConfirmDialog
      title={t('removeConfirm.title')}
      text={t('removeConfirm.text', { method: label })}
      confirmLabel={t('removeConfirm.confirm')}
      busy={removing}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
