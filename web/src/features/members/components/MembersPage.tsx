import DeleteIcon from '@mui/icons-material/Delete';
import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError, LoadingRows } from '@/components/feedback/LoadStates';
import { Page } from '@/components/layout/Page';
import { BackButton } from '@/components/navigation';
import { errorMessage } from '@/lib/api';
import { selectUser, usePermissions } from '@/lib/auth';
import { formatDateYearTime } from '@/lib/format';
import { groupChoice, groupIdOf, useGetGroupsQuery, type Group } from '@/lib/groups';
import { notify } from '@/lib/notifier';
import { paths } from '@/lib/paths';
import { useAppSelector } from '@/lib/store';
import {
  OFFICE_ROLES,
  useChangeMemberMutation,
  useGetInvitationsQuery,
  useGetMembersQuery,
  useRevokeInvitationMutation,
  type Invitation,
  type Member,
  type MemberChange,
  type OfficeRole,
} from '../api/members-api';
import { BreakableEmail } from '@/components/text/BreakableEmail';
import { GroupsSection } from './GroupsSection';
import { InviteDialog } from './InviteDialog';
import { memberName } from '@/lib/members';
import { RemoveMemberDialog } from './RemoveMemberDialog';
import '@/lib/i18n/texts/members';

const rowSx = { p: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' } as const;
/**
 * A row's choice list (role, group): the whole line on a phone, 12rem beside the others from
 * 600 px. A native select is as wide as its longest option (a group's name has up to 60
 * characters) and its width is a share of the row's, so its width is set here, never its content's:
 * a longer choice ends in an ellipsis within the row.
 */
const choiceSx = { flex: { xs: '1 1 100%', sm: '0 1 12rem' }, minWidth: 0, '& select': { textOverflow: 'ellipsis' } } as const;

/** One member: who, role (a choice list for office members), status, and what may be done. */
interface MemberRowProps {
  member: Member;
  /** The signed-in user's own row. */
  self: boolean;
  mayWrite: boolean;
  mayManageOwners: boolean;
  /** The groups the signed-in user sees, to name a member's (undefined: not known). */
  groups: Group[] | undefined;
  /** Whether the signed-in user may limit a member to one of the groups. */
  mayChooseGroup: boolean;
  onRemove: (member: Member) => void;
}

/** The group a member or an invitation is limited to, by name ('' when none or not known). */
const groupName = (groups: Group[] | undefined, id: number | null | undefined) => (id ? (groups?.find((group) => group.id === id)?.name ?? '') : '');

function MemberRow({ member, self, mayWrite, mayManageOwners, groups, mayChooseGroup, onRemove }: MemberRowProps) {
  const { t } = useTranslation('members');
  const [change, { isLoading }] = useChangeMemberMutation();
  const name = memberName(member);
  const office = member.role !== 'driver';
  // Only an owner manages owners; nobody changes themselves here (the server refuses both).
  const manageable = mayWrite && !self && (mayManageOwners || member.role !== 'owner');
  const save = async (body: MemberChange, done: string) => {
    try {
      await change({ id: member.id, change: body }).unwrap();
      notify.success(done);
    } catch (error) {
      notify.error(errorMessage(error, t('toasts.failed')));
    }
  };
  const suspended = member.status === 'SUSPENDED';
  return (
    <Paper component="li" variant="outlined" sx={rowSx} data-testid="member-row" data-email={member.email}>
      <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {name}
          {self && ` ${t('row.you')}`}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
          <BreakableEmail email={member.email} />
        </Typography>
      </Box>
      <Chip size="small" variant="outlined" color={suspended ? 'warning' : 'success'} label={t(`status.${member.status}`)} />
      {office && manageable ? (
        <TextField
          select
          size="small"
          label={t('row.role')}
          value={member.role}
          disabled={isLoading}
          onChange={(event) => void save({ role: event.target.value as OfficeRole }, t('toasts.roleChanged', { name, role: t(`roles.${event.target.value}`) }))}
          slotProps={{ select: { native: true }, htmlInput: { 'aria-label': t('row.roleOf', { name }) } }}
          sx={choiceSx}
        >
          {OFFICE_ROLES.filter((role) => mayManageOwners || role !== 'owner').map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </TextField>
      ) : (
        <Typography variant="body2">{t(`roles.${member.role}`)}</Typography>
      )}
      {office && manageable && mayChooseGroup && groups ? (
        <TextField
          select
          size="small"
          label={t('row.group')}
          value={groupChoice(member.groupId)}
          disabled={isLoading}
          onChange={(event) => {
            const groupId = groupIdOf(event.target.value);
            void save({ groupId }, groupId ? t('toasts.groupChanged', { name, group: groupName(groups, groupId) }) : t('toasts.groupLifted', { name }));
          }}
          slotProps={{ select: { native: true }, htmlInput: { 'aria-label': t('row.groupOf', { name }) }, inputLabel: { shrink: true } }}
          sx={choiceSx}
        >
          <option value="">{t('groups.wholeCompany')}</option>
          {groups.map((group) => (
            <option key={group.id} value={String(group.id)}>
              {group.name}
            </option>
          ))}
        </TextField>
      ) : (
        member.groupId != null && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {t('row.limitedTo', { group: groupName(groups, member.groupId) || t('groups.unknown') })}
          </Typography>
        )
      )}
      {manageable && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            size="small"
            disabled={isLoading}
            startIcon={suspended ? <PlayCircleIcon /> : <PauseCircleIcon />}
            aria-label={t(suspended ? 'actions.reactivateName' : 'actions.suspendName', { name })}
            onClick={() =>
              void save({ status: suspended ? 'ACTIVE' : 'SUSPENDED' }, t(suspended ? 'toasts.reactivated' : 'toasts.suspended', { name }))
            }
          >
            {t(suspended ? 'actions.reactivate' : 'actions.suspend')}
          </Button>
          <Button variant="outlined" size="small" color="error" startIcon={<DeleteIcon />} aria-label={t('actions.removeName', { name })} onClick={() => onRemove(member)}>
            {t('actions.remove')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

function InvitationRow({ invitation, mayWrite, mayManageOwners, groups }: { invitation: Invitation; mayWrite: boolean; mayManageOwners: boolean; groups: Group[] | undefined }) {
  const { t } = useTranslation('members');
  const [revoke, { isLoading }] = useRevokeInvitationMutation();
  const submit = async () => {
    try {
      await revoke(invitation.id).unwrap();
      notify.success(t('toasts.revoked', { email: invitation.email }));
    } catch (error) {
      notify.error(errorMessage(error, t('toasts.failed')));
    }
  };
  return (
    <Paper component="li" variant="outlined" sx={rowSx} data-testid="invitation-row" data-email={invitation.email}>
      <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          <BreakableEmail email={invitation.email} />
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {t('invitations.line', { role: t(`roles.${invitation.role}`), expiresAt: formatDateYearTime(invitation.expiresAt) })}
        </Typography>
        {invitation.groupId != null && (
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('row.limitedTo', { group: groupName(groups, invitation.groupId) || t('groups.unknown') })}
          </Typography>
        )}
      </Box>
      {mayWrite && (mayManageOwners || invitation.role !== 'owner') && (
        <Button variant="outlined" size="small" color="error" disabled={isLoading} aria-label={t('actions.revokeEmail', { email: invitation.email })} onClick={() => void submit()}>
          {t('actions.revoke')}
        </Button>
      )}
    </Paper>
  );
}

const listSx = { m: 0, p: 0, listStyle: 'none' } as const;

/**
 * /members, owners and admins: the company's members and pending invitations; invite, change a role, suspend, remove.
 * An owner or admin limited to a group reads only their group's people (as the server lists them) and changes
 * none: a member's role and group, and the groups themselves, decide what every member sees, so the page says so
 * instead of offering changes.
 */
export function MembersPage() {
  const { t } = useTranslation('members');
  const { can, groupId } = usePermissions();
  const mayManageOwners = can('owners.manage');
  const mayWrite = can('members.write');
  const mayWriteGroups = can('groups.write');
  const mayReadGroups = can('groups.read');
  // The groups the user sees (a member limited to a group: their own only) name the rows' groups; who
  // may limit a member to a group chooses among them.
  const groups = useGetGroupsQuery(undefined, { skip: !mayReadGroups }).data;
  const user = useAppSelector(selectUser);
  const members = useGetMembersQuery();
  const invitations = useGetInvitationsQuery();
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);

  let memberList;
  if (!members.data && members.isError) memberList = <LoadError onRetry={members.refetch} retrying={members.isFetching} />;
  else if (!members.data) memberList = <LoadingRows rows={3} height={72} />;
  else if (members.data.length === 0) memberList = <EmptyState testId="members-empty">{t('empty')}</EmptyState>;
  else
    memberList = (
      <Stack component="ul" spacing={1} sx={listSx} aria-label={t('listLabel')}>
        {members.data.map((member) => (
          <MemberRow
            key={member.id}
            member={member}
            self={member.id === user?.id}
            mayWrite={mayWrite}
            mayManageOwners={mayManageOwners}
            groups={groups}
            mayChooseGroup={mayWriteGroups}
            onRemove={setRemoving}
          />
        ))}
      </Stack>
    );

  let invitationList;
  if (!invitations.data && invitations.isError) invitationList = <LoadError onRetry={invitations.refetch} retrying={invitations.isFetching} />;
  else if (!invitations.data) invitationList = <LoadingRows rows={1} height={64} />;
  else if (invitations.data.length === 0) invitationList = <EmptyState testId="invitations-empty">{t('invitations.empty')}</EmptyState>;
  else
    invitationList = (
      <Stack component="ul" spacing={1} sx={listSx} aria-label={t('invitations.title')}>
        {invitations.data.map((invitation) => (
          <InvitationRow key={invitation.id} invitation={invitation} mayWrite={mayWrite} mayManageOwners={mayManageOwners} groups={groups} />
        ))}
      </Stack>
    );

  return (
    <Page title={t('title')} maxWidth="md" leading={<BackButton to={paths.dashboard} label={t('backToDashboard')} />}>
      <Stack spacing={2}>
        <Typography color="textSecondary">{t('intro')}</Typography>
        {groupId != null && !mayWrite && (
          <Alert severity="info" data-testid="members-limited">
            {/* The server lists a member limited to a group their group's people only (docs/decisions.md). */}
            <Box component="span" sx={{ display: 'block', mb: 0.5 }} data-testid="members-limited-list">
              {t('limitedList')}
            </Box>
            {t('common:permissions.cannotInGroup', { what: t('common:permissions.actions.members.write') })}
          </Alert>
        )}
        {mayWrite && (
          <Box>
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
              {t('actions.invite')}
            </Button>
          </Box>
        )}
        <Box aria-busy={members.isFetching}>{memberList}</Box>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem', fontWeight: 700, pt: 1 }}>
          {t('invitations.title')}
        </Typography>
        <Box aria-busy={invitations.isFetching}>{invitationList}</Box>
        {mayReadGroups && <GroupsSection mayWrite={mayWriteGroups} />}
      </Stack>
      {inviting && <InviteDialog mayInviteOwners={mayManageOwners} mayChooseGroup={mayWriteGroups} onClose={() => setInviting(false)} />}
      {removing && <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />}
    </Page>
  );
}
