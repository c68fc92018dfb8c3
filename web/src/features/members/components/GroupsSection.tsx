import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { EmptyState, LoadError, LoadingRows } from '@/components/feedback/LoadStates';
import { FormDialog, TextInput } from '@/components/form';
import { errorMessage } from '@/lib/api';
import { applyServerError, useZodForm } from '@/lib/forms';
import { useGetGroupsQuery, type Group } from '@/lib/groups';
import { notify } from '@/lib/notifier';
import { useCreateGroupMutation, useDeleteGroupMutation, useRenameGroupMutation } from '../api/members-api';
import { GROUP_NAME_FIELDS, groupNameSchema, type GroupNameValues } from '../model/forms';
import '@/lib/i18n/texts/members';

/** Names a new group (no `group`) or renames one; a name the company already uses is the server's refusal, shown in the dialog. */
export function GroupNameDialog({ group, onClose }: { group?: Group; onClose: () => void }) {
  const { t } = useTranslation('members');
  const schema = useMemo(() => groupNameSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { name: group?.name ?? '' } });
  const [createGroup, creating] = useCreateGroupMutation();
  const [renameGroup, renaming] = useRenameGroupMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async ({ name }: GroupNameValues) => {
    setFailure(null);
    try {
      if (group) await renameGroup({ id: group.id, name }).unwrap();
      else await createGroup({ name }).unwrap();
      notify.success(t(group ? 'groups.renamed' : 'groups.created', { name }));
      onClose();
    } catch (error) {
      setFailure(applyServerError(error, form.setError, GROUP_NAME_FIELDS, t('toasts.failed')) ?? null);
    }
  };
  return (
    <FormDialog title={t(group ? 'groups.renameTitle' : 'groups.addTitle')} form={form} onSubmit={submit} onClose={onClose}
      busy={creating.isLoading || renaming.isLoading} submitLabel={t(group ? 'groups.rename' : 'groups.add')} failure={failure}>
      <Typography variant="body2" color="textSecondary">
        {t('groups.nameHelp')}
      </Typography>
      <TextInput name="name" label={t('groups.name')} autoComplete="off" autoFocus required slotProps={{ htmlInput: { maxLength: 60 } }} />
    </FormDialog>
  );
}

/** Asks before a group is deleted; the server refuses while members or invitations are limited to it, and that is said as it says it. */
function DeleteGroupDialog({ group, onClose }: { group: Group; onClose: () => void }) {
  const { t } = useTranslation('members');
  const [deleteGroup, { isLoading }] = useDeleteGroupMutation();
  const confirm = async () => {
    try {
      await deleteGroup(group.id).unwrap();
      notify.success(t('groups.deleted', { name: group.name }));
    } catch (error) {
      notify.error(errorMessage(error, t('toasts.failed')));
    }
    onClose();
  };
  return (
    <ConfirmDialog
      title={t('groups.deleteTitle', { name: group.name })}
      text={t('groups.deleteText')}
      confirmLabel={t('groups.delete')}
      busy={isLoading}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    />
  );
}

const rowSx = { p: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' } as const;

function GroupRow({ group, mayWrite, onRename, onDelete }: { group: Group; mayWrite: boolean; onRename: (group: Group) => void; onDelete: (group: Group) => void }) {
  const { t } = useTranslation('members');
  return (
    <Paper component="li" variant="outlined" sx={rowSx} data-testid="group-row" data-name={group.name}>
      <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{group.name}</Typography>
        <Typography variant="body2" color="textSecondary">
          {t('groups.counts', { cards: group.cards ?? 0, vehicles: group.vehicles ?? 0, members: group.members ?? 0 })}
        </Typography>
      </Box>
      {mayWrite && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" size="small" startIcon={<EditIcon />} aria-label={t('groups.renameName', { name: group.name })} onClick={() => onRename(group)}>
            {t('groups.rename')}
          </Button>
          <Button variant="outlined" size="small" color="error" startIcon={<DeleteIcon />} aria-label={t('groups.deleteName', { name: group.name })} onClick={() => onDelete(group)}>
            {t('groups.delete')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

/**
 * The Members page's groups: parts of the company's cards and vehicles (a terminal, say) that a member
 * may be limited to. Owners and admins add, rename and delete them; each says what it holds.
 */
export function GroupsSection({ mayWrite }: { mayWrite: boolean }) {
  const { t } = useTranslation('members');
  const groups = useGetGroupsQuery();
  const [naming, setNaming] = useState<Group | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);

  let list;
  if (!groups.data && groups.isError) list = <LoadError onRetry={groups.refetch} retrying={groups.isFetching} />;
  else if (!groups.data) list = <LoadingRows rows={2} height={64} />;
  else if (groups.data.length === 0) list = <EmptyState testId="groups-empty">{t('groups.empty')}</EmptyState>;
  else
    list = (
      <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label={t('groups.title')}>
        {groups.data.map((group) => (
          <GroupRow key={group.id} group={group} mayWrite={mayWrite} onRename={setNaming} onDelete={setDeleting} />
        ))}
      </Stack>
    );

  return (
    <Stack component="section" spacing={1.5} aria-labelledby="groups-title">
      <Typography id="groups-title" variant="h2" component="h2" sx={{ fontSize: '1.15rem', fontWeight: 700, pt: 1 }}>
        {t('groups.title')}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {t('groups.intro')}
      </Typography>
      {mayWrite && (
        <Box>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setNaming('new')}>
            {t('groups.add')}
          </Button>
        </Box>
      )}
      <Box aria-busy={groups.isFetching}>{list}</Box>
      {naming && <GroupNameDialog group={naming === 'new' ? undefined : naming} onClose={() => setNaming(null)} />}
      {deleting && <DeleteGroupDialog group={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
