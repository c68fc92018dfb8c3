import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  /** The question, e.g. "Remove Dana Dispatch?" (long names wrap anywhere rather than overflow a phone). */
  title: string;
  /** What happens once confirmed. */
  text: ReactNode;
  /** The destructive button's words, e.g. "Remove". */
  confirmLabel: string;
  /** While the change runs: both buttons wait and the dialog stays open. */
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Asks before a destructive change (remove a member, delete a vehicle, deactivate a card…):
 * Cancel has the focus, the red button does it.
 */
export function ConfirmDialog({ title, text, confirmLabel, busy = false, onCancel, onConfirm }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={busy ? undefined : onCancel} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          {t('actions.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={onConfirm}
          disabled={busy}
          startIcon={busy ? <CircularProgress aria-hidden size={16} color="inherit" /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
