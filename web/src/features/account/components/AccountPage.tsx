import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths';
import { Form, PasswordInput, TextInput } from '@/components/form';
import { Page } from '@/components/layout/Page';
import { BackButton } from '@/components/navigation';
import { errorMessage } from '@/lib/api';
import {
  selectRole,
  selectUser,
  useChangePasswordMutation,
  useDeleteAccountMutation,
  useSignOut,
  useUpdateAccountMutation,
  type Account,
  type AccountUpdate,
  type PasswordChange,
} from '@/lib/auth';
import { applyServerError, useZodForm } from '@/lib/forms';
import { currentLanguage, i18n, LANGUAGES, setLanguage, type Language } from '@/lib/i18n';
import { notify } from '@/lib/notifier';
import { useAppSelector } from '@/lib/store';
import { NotificationSettingsCard } from './NotificationSettingsCard';
import { NotificationsCard } from './NotificationsCard';
import { accountDetailsSchema, changePasswordSchema, emailChanged } from '../model/schemas';
import '@/lib/i18n/texts/account';

function DetailsCard({ user }: { user: Account }) {
  const { t } = useTranslation('account');
  const hasPhone = Boolean(user.phoneNumber?.trim());
  const schema = useMemo(() => accountDetailsSchema(t, user.email, hasPhone), [t, user.email, hasPhone]);
  const form = useZodForm(schema, {
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phoneNumber: user.phoneNumber,
      currentPassword: '',
    },
  });
  const newEmail = emailChanged(form.watch('email'), user.email);
  const [updateAccount, { isLoading }] = useUpdateAccountMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async ({ currentPassword, ...details }: AccountUpdate) => {
    setFailure(null);
    const values: AccountUpdate = emailChanged(details.email, user.email) ? { ...details, currentPassword } : details;
    try {
      const saved = await updateAccount(values).unwrap();
      form.reset({
        firstName: saved.firstName,
        lastName: saved.lastName,
        email: saved.email,
        phoneNumber: saved.phoneNumber,
        currentPassword: '',
      });
      notify.success(t('account.details.saved'));
    } catch (error) {
      const formError = applyServerError(
        error,
        form.setError,
        ['firstName', 'lastName', 'email', 'phoneNumber', 'currentPassword'],
        t('account.details.failed'),
      );
      if (formError) setFailure(formError);
    }
  };

  return (
    <Card>
      <CardContent>
        <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
          {t('account.details.title')}
        </Typography>
        <Form form={form} onSubmit={submit} aria-label={t('account.details.title')}>
          <Stack spacing={2}>
            {failure && <Alert severity="error">{failure}</Alert>}
            {user.company && (
              <Typography color="textSecondary">
                {t('account.details.company')}: {user.company.name}
              </Typography>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextInput name="firstName" label={t('account.details.firstName')} autoComplete="given-name" />
              <TextInput name="lastName" label={t('account.details.lastName')} autoComplete="family-name" />
            </Stack>
            <TextInput name="email" type="email" label={t('account.details.email')} autoComplete="email" />
            {newEmail && (
              <PasswordInput
                name="currentPassword"
                label={t('account.details.currentPassword')}
                helperText={t('account.details.currentPasswordHint')}
                autoComplete="current-password"
              />
            )}
            <TextInput name="phoneNumber" type="tel" label={t('account.details.phoneNumber')} autoComplete="tel" />
            <Button type="submit" variant="contained" disabled={isLoading} sx={{ alignSelf: 'flex-start' }}>
              {t('account.details.save')}
            </Button>
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}

/**
 * The app's language for this user: shown at once, kept on the server (the account's
 * `language`, with the details as they are saved) so every device, and later pushes and
 * e-mails, use it.
 */
function LanguageCard({ user }: { user: Account }) {
  const { t } = useTranslation('account');
  const [updateAccount, { isLoading }] = useUpdateAccountMutation();
  const choose = async (language: Language | null) => {
    if (!language || language === currentLanguage()) return;
    const previous = currentLanguage();
    setLanguage(language);
    try {
      const { firstName, lastName, email, phoneNumber } = user;
      await updateAccount({ firstName, lastName, email, phoneNumber, language }).unwrap();
      // In the language shown now (this render's `t` is the one before the switch).
      notify.success(i18n.t('account:account.language.saved'));
    } catch (error) {
      setLanguage(previous);
      notify.error(errorMessage(error, i18n.t('account:account.language.failed')));
    }
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="h3" component="h2" id="account-language-title" sx={{ mb: 1 }}>
          {t('account.language.title')}
        </Typography>
        <Typography color="textSecondary" id="account-language-hint" sx={{ mb: 2 }}>
          {t('account.language.hint')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          fullWidth
          color="primary"
          value={currentLanguage()}
          disabled={isLoading}
          onChange={(_event, language: Language | null) => void choose(language)}
          aria-label={t('account.language.label')}
          aria-describedby="account-language-hint"
        >
          {LANGUAGES.map((language) => (
            <ToggleButton key={language} value={language} lang={language}>
              {t(`account.language.${language}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </CardContent>
    </Card>
  );
}

function ChangePasswordCard() {
  const { t } = useTranslation('account');
  const schema = useMemo(() => changePasswordSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { currentPassword: '', newPassword: '', newPasswordConfirm: '' } });
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async ({ currentPassword, newPassword }: PasswordChange) => {
    setFailure(null);
    try {
      await changePassword({ currentPassword, newPassword }).unwrap();
      form.reset();
      notify.success(t('account.password.changed'));
    } catch (error) {
      const formError = applyServerError(
        error,
        form.setError,
        ['currentPassword', 'newPassword'],
        t('account.password.failed'),
      );
      if (formError) setFailure(formError);
    }
  };

  return (
    <Card>
      <CardContent>
        <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
          {t('account.password.title')}
        </Typography>
        <Form form={form} onSubmit={submit} aria-label={t('account.password.title')}>
          <Stack spacing={2}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <PasswordInput name="currentPassword" label={t('account.password.currentPassword')} autoComplete="current-password" />
            <PasswordInput name="newPassword" label={t('account.password.newPassword')} autoComplete="new-password" />
            <PasswordInput name="newPasswordConfirm" label={t('account.password.newPasswordConfirm')} autoComplete="new-password" />
            <Button type="submit" variant="contained" disabled={isLoading} sx={{ alignSelf: 'flex-start' }}>
              {t('account.password.submit')}
            </Button>
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}

function DeleteAccountCard() {
  const { t } = useTranslation('account');
  const { signOut } = useSignOut();
  const [open, setOpen] = useState(false);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();

  const confirm = async () => {
    try {
      await deleteAccount().unwrap();
      setOpen(false);
      notify.success(t('account.delete.done'));
      signOut();
    } catch (error) {
      notify.error(errorMessage(error, t('account.delete.failed')));
    }
  };

  return (
    <Card sx={{ borderColor: 'rgba(240,82,79,0.35)' }}>
      <CardContent>
        <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
          {t('account.delete.title')}
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          {t('account.delete.warning')}
        </Typography>
        <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
          {t('account.delete.button')}
        </Button>
      </CardContent>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="delete-account-title">
        <DialogTitle id="delete-account-title">{t('account.delete.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('account.delete.confirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('account.delete.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => void confirm()}
            disabled={isLoading}
            startIcon={isLoading ? <CircularProgress aria-hidden size={16} color="inherit" /> : undefined}
          >
            {t('account.delete.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

/** /account: the app's language, edit details, change password, delete account (docs/decisions.md). */
export function AccountPage() {
  const { t } = useTranslation('account');
  const user = useAppSelector(selectUser);
  const role = useAppSelector(selectRole);
  return (
    <Page title={t('account.title')} maxWidth="sm" leading={<BackButton label={t('account.back')} to={paths.settings} />}>
      {user ? (
        <Stack spacing={2}>
          <LanguageCard user={user} />
          <DetailsCard key={user.id} user={user} />
          <ChangePasswordCard />
          <NotificationsCard />
          <NotificationSettingsCard owner={role === 'ROLE_COMPANY'} />
          <DeleteAccountCard />
        </Stack>
      ) : (
        <Stack sx={{ alignItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common:loading')} />
        </Stack>
      )}
    </Page>
  );
}
