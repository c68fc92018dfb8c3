import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths, resetPasswordPath } from '@/lib/paths';
import { Form, SubmitButton, TextInput } from '@/components/form';
import { AuthLayout } from '@/components/layout/AuthLayout';
import { RouterLink, SupportLinks } from '@/components/navigation';
import { errorMessage } from '@/lib/api';
import { useZodForm } from '@/lib/forms';
import { useInitPasswordResetMutation } from '../api/account-create-api';
import { forgotPasswordSchema } from '../model/schemas';
import type { ResetPasswordNotice } from './ResetPasswordPage';

/** /forgotpassword: asks for the email, sends a one-time code, then opens /reset-password?email=… */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const schema = useMemo(() => forgotPasswordSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { email: '' } });
  const [initReset, { isLoading }] = useInitPasswordResetMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async ({ email }: { email: string }) => {
    setFailure(null);
    try {
      const { message } = await initReset({ email }).unwrap();
      const state: ResetPasswordNotice = { notice: message };
      await navigate(resetPasswordPath(email), { state });
    } catch (error) {
      setFailure(errorMessage(error, t('common:errors.somethingWentWrong')));
    }
  };

  return (
    <AuthLayout tagline={t('common:tagline')}
      title={t('forgotPassword.title')}
      subtitle={t('forgotPassword.subtitle')}
      footer={<SupportLinks />}
    >
      <Form form={form} onSubmit={submit} aria-label={t('forgotPassword.title')}>
        <Stack spacing={2}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextInput name="email" type="email" label={t('forgotPassword.email')} autoComplete="email" autoFocus />
          <SubmitButton size="large" busy={isLoading}>
            {t('forgotPassword.submit')}
          </SubmitButton>
          <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
            {t('forgotPassword.rememberPassword')} <RouterLink to={paths.root} underline="always">{t('forgotPassword.signIn')}</RouterLink>
          </Typography>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
