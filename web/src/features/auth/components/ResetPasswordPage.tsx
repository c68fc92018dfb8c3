import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/lib/paths';
import { Form, PasswordInput, SubmitButton, TextInput } from '@/components/form';
import { AuthLayout } from '@/components/layout/AuthLayout';
import { RouterLink, SupportLinks } from '@/components/navigation';
import { applyServerError, useZodForm } from '@/lib/forms';
import { useCompletePasswordResetMutation } from '../api/account-create-api';
import { resetPasswordSchema } from '../model/schemas';
import type { SignInNotice } from './SignInPage';

export interface ResetPasswordNotice {
  notice?: string;
}

const FIELDS = ['email', 'otpCode', 'password', 'passwordConfirm'] as const;

/** /reset-password?email=…&otpCode=…: new password for the emailed one-time code (docs/product.md §2.4). */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const [query] = useSearchParams();
  const notice = (location.state as ResetPasswordNotice | null)?.notice;
  const schema = useMemo(() => resetPasswordSchema(t), [t]);
  const form = useZodForm(schema, {
    defaultValues: {
      email: query.get('email') ?? '',
      otpCode: query.get('otpCode') ?? '',
      password: '',
      passwordConfirm: '',
    },
  });
  const [completeReset, { isLoading }] = useCompletePasswordResetMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async ({ email, otpCode, password }: { email: string; otpCode: string; password: string }) => {
    setFailure(null);
    try {
      await completeReset({ email, otpCode, password }).unwrap();
      // Said once, by the sign-in page's banner (no toast on top of it).
      const success = t('resetPassword.success');
      const state: SignInNotice = { notice: success };
      await navigate(paths.signIn, { state });
    } catch (error) {
      const formError = applyServerError(error, form.setError, FIELDS, t('resetPassword.errors.default'));
      if (formError) setFailure(formError);
    }
  };

  return (
    <AuthLayout tagline={t('common:tagline')} title={t('resetPassword.title')} subtitle={t('resetPassword.subtitle')} footer={<SupportLinks />}>
      <Form form={form} onSubmit={submit} aria-label={t('resetPassword.title')}>
        <Stack spacing={2}>
          {notice && !failure && <Alert severity="info">{notice}</Alert>}
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextInput name="email" type="email" label={t('resetPassword.email')} autoComplete="email" />
          <TextInput
            name="otpCode"
            label={t('resetPassword.otpCode')}
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
          <PasswordInput name="password" label={t('resetPassword.password')} autoComplete="new-password" />
          <PasswordInput name="passwordConfirm" label={t('resetPassword.passwordConfirm')} autoComplete="new-password" />
          <SubmitButton size="large" busy={isLoading}>
            {t('resetPassword.submit')}
          </SubmitButton>
          <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
            {t('resetPassword.rememberPassword')} <RouterLink to={paths.root} underline="always">{t('resetPassword.signIn')}</RouterLink>
          </Typography>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
