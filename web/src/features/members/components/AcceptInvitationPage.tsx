import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Form, PasswordInput, SubmitButton, TextInput } from '@/components/form';
import { AuthLayout } from '@/components/layout/AuthLayout';
import { RouterLink, SupportLinks } from '@/components/navigation';
import { errorStatus } from '@/lib/api';
import { startSession } from '@/lib/auth';
import { applyServerError, useZodForm } from '@/lib/forms';
import { paths } from '@/lib/paths';
import { useAppDispatch } from '@/lib/store';
import { useAcceptInvitationMutation } from '../api/members-api';
import { ACCEPT_FIELDS, acceptSchema, type AcceptValues } from '../model/forms';
import '@/lib/i18n/texts/members';

/**
 * /invite/:token, open to all: the invited person sets their names and password, and is signed
 * in as a sign-in would (the link's token is the credential; single use, 72 hours, revocable).
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation('members');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const schema = useMemo(() => acceptSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { firstName: '', lastName: '', password: '', passwordConfirm: '' } });
  const [accept, { isLoading }] = useAcceptInvitationMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [linkDead, setLinkDead] = useState(false);

  const submit = async ({ firstName, lastName, password }: AcceptValues) => {
    setFailure(null);
    try {
      const tokens = await accept({ token, body: { firstName: firstName.trim(), lastName: lastName.trim(), password } }).unwrap();
      await dispatch(startSession(tokens));
      await navigate(paths.dashboard, { replace: true });
    } catch (error) {
      // Unknown, used, revoked or expired: the server answers 404 for all four.
      if (errorStatus(error) === 404) {
        setLinkDead(true);
        return;
      }
      setFailure(applyServerError(error, form.setError, ACCEPT_FIELDS, t('accept.failed')) ?? null);
    }
  };

  return (
    <AuthLayout tagline={t('common:tagline')} title={t('accept.title')} subtitle={t('accept.subtitle')} footer={<SupportLinks />}>
      {linkDead ? (
        <Stack spacing={2}>
          <Alert severity="warning" data-testid="invitation-invalid">
            {t('accept.invalid')}
          </Alert>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            <RouterLink to={paths.signIn} underline="always">
              {t('accept.signIn')}
            </RouterLink>
          </Typography>
        </Stack>
      ) : (
        <Form form={form} onSubmit={submit} aria-label={t('accept.title')}>
          <Stack spacing={2}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextInput name="firstName" label={t('accept.firstName')} autoComplete="given-name" required />
            <TextInput name="lastName" label={t('accept.lastName')} autoComplete="family-name" required />
            <PasswordInput name="password" label={t('accept.password')} autoComplete="new-password" helperText={t('accept.passwordHelp')} />
            <PasswordInput name="passwordConfirm" label={t('accept.passwordConfirm')} autoComplete="new-password" />
            <SubmitButton size="large" busy={isLoading}>
              {t('accept.submit')}
            </SubmitButton>
            <Typography variant="body2" color="textSecondary">
              {t('accept.existingLogin')}
            </Typography>
          </Stack>
        </Form>
      )}
    </AuthLayout>
  );
}
