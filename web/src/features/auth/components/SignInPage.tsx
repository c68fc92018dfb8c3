import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink, useLocation } from 'react-router';
import { paths } from '@/app/paths';
import { Form, PasswordInput, SubmitButton, TextInput } from '@/components/form';
import { AuthLayout } from '@/components/layout/AuthLayout';
import { RouterLink, SupportLinks } from '@/components/navigation';
import { errorStatus, serverErrorBody } from '@/lib/api';
import { signIn } from '@/lib/auth';
import { useZodForm } from '@/lib/forms';
import { useAppDispatch } from '@/lib/store';
import { signInSchema } from '../schemas';

/** Optional notice handed over by another screen (e.g. after a password reset). */
export interface SignInNotice {
  notice?: string;
}

/** Sign-in (SPEC §2.3) at "/" and /signin. Leaving after success is done by the route guard. */
export function SignInPage() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const location = useLocation();
  const notice = (location.state as SignInNotice | null)?.notice;
  const schema = useMemo(() => signInSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { username: '', password: '' } });
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (credentials: { username: string; password: string }) => {
    setLoading(true);
    setFailure(null);
    try {
      await dispatch(signIn(credentials));
    } catch (error) {
      const status = errorStatus(error);
      if (status === 401) setFailure(t('signIn.errors.wrongCredentials'));
      else if (status === 429) {
        const message = serverErrorBody(error)?.message;
        setFailure(typeof message === 'string' ? message : t('signIn.errors.tooManyRequests'));
      } else setFailure(t('signIn.errors.default'));
      setLoading(false);
    }
  };

  return (
    <AuthLayout title={t('signIn.title')} subtitle={t('signIn.subtitle')} footer={<SupportLinks />}>
      <Form form={form} onSubmit={submit} aria-label={t('signIn.title')}>
        <Stack spacing={2}>
          {notice && !failure && <Alert severity="success">{notice}</Alert>}
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput name="username" label={t('signIn.username')} autoComplete="username" autoFocus />
          <PasswordInput name="password" label={t('signIn.password')} autoComplete="current-password" />
          <Box sx={{ textAlign: 'right', mt: -0.5 }}>
            <RouterLink to={paths.forgotPassword} variant="body2">
              {t('signIn.forgotPassword')}
            </RouterLink>
          </Box>
          <SubmitButton size="large" busy={loading}>
            {t('signIn.submit')}
          </SubmitButton>
          <Divider>
            <Typography variant="caption" color="text.secondary">
              {t('signIn.noAccount')}
            </Typography>
          </Divider>
          <Button component={ReactRouterLink} to={paths.signUp} variant="outlined" size="large">
            {t('signIn.createAccount')}
          </Button>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
