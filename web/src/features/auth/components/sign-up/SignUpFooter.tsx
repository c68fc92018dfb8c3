import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths';
import { RouterLink, SupportLinks } from '@/components/navigation';

/** Back-to-login link plus Help | Contact us. */
export function SignUpFooter() {
  const { t } = useTranslation('auth');
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" color="textSecondary">
        {t('signUp.haveAccount')} <RouterLink to={paths.signIn} underline="always">{t('signUp.backToLogin')}</RouterLink>
      </Typography>
      <SupportLinks />
    </Stack>
  );
}
