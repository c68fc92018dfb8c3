import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths';
import { Page } from '@/components/layout/Page';
import { BackButton } from '@/components/navigation';
import { selectIsSignedIn } from '@/lib/auth';
import { useAppSelector } from '@/lib/store';

/** A page open to everyone: the back arrow leads to settings when signed in, else to sign-in. */
export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const signedIn = useAppSelector(selectIsSignedIn);
  // Signed in, the shell already gives the page its <main>.
  return (
    <Box component={signedIn ? 'div' : 'main'} sx={{ minHeight: '100dvh' }}>
      <Page title={title} maxWidth="md" leading={<BackButton label={t('actions.back')} to={signedIn ? paths.settings : paths.root} />}>
        {children}
      </Page>
    </Box>
  );
}
