import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths';
import { RouterLink } from './RouterLink';

/** "Help | Contact us" links shown under the signed-out screens. */
export function SupportLinks() {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', alignItems: 'center' }}>
      <RouterLink to={paths.help}>{t('links.help')}</RouterLink>
      <Typography color="textSecondary" aria-hidden>
        |
      </Typography>
      <RouterLink to={paths.contactUs}>{t('links.contactUs')}</RouterLink>
    </Stack>
  );
}
