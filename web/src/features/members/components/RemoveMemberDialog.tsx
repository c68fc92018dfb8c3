import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { errorMessage } from '@/lib/api';
import { memberName } from '@/lib/members';
import { notify } from '@/lib/notifier';
import { useRemoveMemberMutation, type Member } from '../api/members-api';
import '@/lib/i18n/texts/members';

/** Asks before a member's login is deleted; the server's refusal (last owner, an owner by an admin) is shown as it says it. */
export function RemoveMemberDialog({ member, onClose }: { member: Member; onClose: () => void }) {
  const { t } = useTranslation('members');
  const [remove, { isLoading }] = useRemoveMemberMutation();
  const confirm = async () => {
    try {
      await remove(member.id).unwrap();
      notify.success(t('toasts.removed', { name: memberName(member) }));
    } catch (error) {
      notify.error(errorMessage(error, t('toasts.failed')));
    }
    onClose();
  };
  return (
    <ConfirmDialog
      title={t('remove.title', { name: memberName(member) })}
      text={t('remove.text')}
      confirmLabel={t('remove.confirm')}
      busy={isLoading}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    />
  );
}
