import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

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
    <Dialog open onClose={removing ? undefined : onCancel} maxWidth="xs" fullWidth aria-labelledby="remove-method-title">
      <DialogTitle id="remove-method-title">{t('removeConfirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('removeConfirm.text', { method: label })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={removing}>
          {t('cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={removing} startIcon={removing ? <CircularProgress aria-hidden size={16} color="inherit" /> : undefined}>
          {t('removeConfirm.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
