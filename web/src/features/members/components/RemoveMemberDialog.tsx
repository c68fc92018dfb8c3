import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notifier';
import { useRemoveMemberMutation, type Member } from '../api/members-api';
import { memberName } from '@/lib/members';

/** Asks before a member's login is deleted; the server's refusal (last owner, an owner by an admin) is shown as it says it. */
export function RemoveMemberDialog({ member, onClose }: { member: Member; onClose: () => void }) {
  const { t } = useTranslation('members');
  const titleId = useId();
  const [remove, { isLoading }] = useRemoveMemberMutation();
  const confirm = async () => {
    try {
      await remove(member.id).unwrap();
      notify.success(t('toasts.removed', { name: memberName(member) }));
      onClose();
    } catch (error) {
      notify.error(errorMessage(error, t('toasts.failed')));
      onClose();
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('remove.title', { name: memberName(member) })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{t('remove.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('common:actions.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={isLoading}>
          {t('remove.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
