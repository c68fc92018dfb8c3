import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink, useLocation } from 'react-router';
import { paths } from '@/lib/paths';
// Each component from its own file, not the barrels: a barrel in the first bundle's import
// graph would pull every component it names (and their MUI parts) into the first bundle.
import { Form } from '@/components/form/Form';
import { PasswordInput } from '@/components/form/PasswordInput';
import { SubmitButton } from '@/components/form/SubmitButton';
import { TextInput } from '@/components/form/TextInput';
import { AuthLayout } from '@/components/layout/AuthLayout';
import { RouterLink } from '@/components/navigation/RouterLink';
import { SupportLinks } from '@/components/navigation/SupportLinks';
import { errorStatus, serverErrorBody } from '@/lib/api';
import { signIn } from '@/lib/auth';
import { useLazyZodForm } from '@/lib/forms/use-lazy-zod-form';
import { useAppDispatch } from '@/lib/store';
import type { signInSchema } from '../model/schemas';

/** Optional notice handed over by another screen (e.g. after a password reset). */
export interface SignInNotice {
  notice?: string;
}

/** Sign-in (docs/product.md §2.3) at "/" and /signin. Leaving after success is done by the route guard. */
export function SignInPage() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const location = useLocation();
  const notice = (location.state as SignInNotice | null)?.notice;
  // The schema (and zod) load after the page shows: the landing page's first bundle stays small.
  const loadSchema = useMemo(() => {
    let schema: Promise<ReturnType<typeof signInSchema>> | undefined;
    return () => (schema ??= import('../model/schemas').then((schemas) => schemas.signInSchema(t)));
  }, [t]);
  useEffect(() => {
    const timer = setTimeout(() => void loadSchema(), 0);
    return () => clearTimeout(timer);
  }, [loadSchema]);
  const form = useLazyZodForm(loadSchema, { defaultValues: { username: '', password: '' } });
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
      else if (status === 403) {
        // A driver whose company declined the request (after a right password only).
        const message = serverErrorBody(error)?.message;
        setFailure(typeof message === 'string' ? message : t('signIn.errors.declined'));
      } else if (status === 429) {
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
