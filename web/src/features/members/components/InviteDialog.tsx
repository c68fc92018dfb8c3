import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, SelectInput, TextInput } from '@/components/form';
import { BreakableEmail } from '@/components/text/BreakableEmail';
import { applyServerError, useZodForm } from '@/lib/forms';
import { formatDateYearTime } from '@/lib/format';
import { GroupSelectInput, groupIdOf } from '@/lib/groups';
import { OFFICE_ROLES, useInviteMutation, type Invitation, type OfficeRole } from '../api/members-api';
import { INVITE_FIELDS, inviteSchema, type InviteValues } from '../model/forms';
import '@/lib/i18n/texts/members';

/** Stands for the address in the sent sentence, split there (an invisible separator no address holds). */
const EMAIL_MARK = '\u2063';

/**
 * Invites by e-mail with an office role and, for owners and admins who manage groups, a group the
 * new member is limited to; then says until when the mailed link works.
 */
export function InviteDialog({ mayInviteOwners, mayChooseGroup, onClose }: { mayInviteOwners: boolean; mayChooseGroup: boolean; onClose: () => void }) {
  const { t } = useTranslation('members');
  const schema = useMemo(() => inviteSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { email: '', role: 'dispatcher' as OfficeRole, groupId: '' } });
  const [invite, { isLoading }] = useInviteMutation();
  const [sent, setSent] = useState<Invitation | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const roles = OFFICE_ROLES.filter((role) => mayInviteOwners || role !== 'owner');

  const submit = async (values: InviteValues) => {
    setFailure(null);
    try {
      const groupId = mayChooseGroup ? groupIdOf(values.groupId) : null;
      setSent(await invite({ email: values.email, role: values.role, ...(groupId ? { groupId } : {}) }).unwrap());
    } catch (error) {
      setFailure(applyServerError(error, form.setError, INVITE_FIELDS, t('invite.failed')) ?? null);
    }
  };

  // The sentence with the address drawn by BreakableEmail, which wraps it before its "@" and dots.
  const [beforeEmail, afterEmail] = sent
    ? t('invite.sent', { email: EMAIL_MARK, role: t(`roles.${sent.role}`), expiresAt: formatDateYearTime(sent.expiresAt) }).split(EMAIL_MARK)
    : [];
  const done = sent && (
    <Alert severity="success" data-testid="invitation-sent" sx={{ '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}>
      {beforeEmail}
      <BreakableEmail email={sent.email} />
      {afterEmail}
    </Alert>
  );
  return (
    <FormDialog title={t('invite.title')} form={form} onSubmit={submit} onClose={onClose} busy={isLoading} submitLabel={t('invite.send')} failure={failure}
      done={done} doneLabel={t('invite.done')}>
      <TextInput name="email" type="email" label={t('invite.email')} autoComplete="off" autoFocus required />
      <SelectInput name="role" label={t('invite.role')} required fullWidth>
        {roles.map((role) => (
          <MenuItem key={role} value={role}>
            {t(`roles.${role}`)}
          </MenuItem>
        ))}
      </SelectInput>
      {mayChooseGroup && <GroupSelectInput name="groupId" label={t('invite.group')} noneLabel={t('groups.wholeCompany')} helperText={t('invite.groupHelp')} />}
    </FormDialog>
  );
}
