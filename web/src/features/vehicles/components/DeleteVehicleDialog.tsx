import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { notify } from '@/lib/notifier';
import { useDeleteVehicleMutation, type Vehicle } from '../api/vehicles-api';
import '@/lib/i18n/texts/vehicles';

/** Asks before a vehicle leaves the fleet list; its cards are not touched. */
export function DeleteVehicleDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose: () => void }) {
  const { t } = useTranslation('vehicles');
  const [deleteVehicle, { isLoading }] = useDeleteVehicleMutation();
  const confirm = async () => {
    try {
      await deleteVehicle(vehicle.id).unwrap();
      notify.success(t('toasts.deleted'));
      onClose();
    } catch {
      notify.error(t('toasts.deleteFailed'));
    }
  };
  return (
    <ConfirmDialog
      title={t('delete.title', { unit: vehicle.unitNumber })}
      text={t('delete.text')}
      confirmLabel={t('delete.confirm')}
      busy={isLoading}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    />
  );
}
