import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, SelectInput, SubmitButton, TextInput } from '@/components/form';
import { applyServerError, useZodForm } from '@/lib/forms';
import { formatDateYearTime } from '@/lib/format';
import { OFFICE_ROLES, useInviteMutation, type Invitation, type OfficeRole } from '../api/members-api';
import { INVITE_FIELDS, inviteSchema, type InviteValues } from '../model/forms';
import '@/lib/i18n/texts/members';

/** Invites by e-mail with an office role; then says until when the mailed link works. */
export function InviteDialog({ mayInviteOwners, onClose }: { mayInviteOwners: boolean; onClose: () => void }) {
  const { t } = useTranslation('members');
  const titleId = useId();
  const schema = useMemo(() => inviteSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { email: '', role: 'dispatcher' as OfficeRole } });
  const [invite, { isLoading }] = useInviteMutation();
  const [sent, setSent] = useState<Invitation | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const roles = OFFICE_ROLES.filter((role) => mayInviteOwners || role !== 'owner');

  const submit = async (values: InviteValues) => {
    setFailure(null);
    try {
      setSent(await invite({ email: values.email, role: values.role }).unwrap());
    } catch (error) {
      setFailure(applyServerError(error, form.setError, INVITE_FIELDS, t('invite.failed')) ?? null);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId} scroll="body">
      <DialogTitle id={titleId}>{t('invite.title')}</DialogTitle>
      {sent ? (
        <>
          <DialogContent>
            <Alert severity="success" data-testid="invitation-sent" sx={{ '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}>
              {t('invite.sent', { email: sent.email, role: t(`roles.${sent.role}`), expiresAt: formatDateYearTime(sent.expiresAt) })}
            </Alert>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button variant="contained" onClick={onClose} autoFocus>
              {t('invite.done')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <Form form={form} onSubmit={submit} aria-label={t('invite.title')}>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {failure && <Alert severity="error">{failure}</Alert>}
              <TextInput name="email" type="email" label={t('invite.email')} autoComplete="off" autoFocus required />
              <SelectInput name="role" label={t('invite.role')} required fullWidth>
                {roles.map((role) => (
                  <MenuItem key={role} value={role}>
                    {t(`roles.${role}`)}
                  </MenuItem>
                ))}
              </SelectInput>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
            <SubmitButton busy={isLoading}>
              {t('invite.send')}
            </SubmitButton>
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
}
