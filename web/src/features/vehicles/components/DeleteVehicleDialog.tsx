import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notifier';
import { useDeleteVehicleMutation, type Vehicle } from '../api/vehicles-api';

/** Asks before a vehicle leaves the fleet list; its cards are not touched. */
export function DeleteVehicleDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose: () => void }) {
  const { t } = useTranslation('vehicles');
  const titleId = useId();
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
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('delete.title', { unit: vehicle.unitNumber })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{t('delete.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('common:actions.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={isLoading}>
          {t('delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
