import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useGetAccountQuery } from '@/lib/auth/auth-api';
import { useSignOut } from '@/lib/auth';
import { useAppSelector } from '@/lib/store';

/**
 * What a driver sees until their company approves the sign-up: every data call would
 * answer 403 'Waiting for your company to approve your account'. The account is re-read
 * every 30 s (and on "Check again"), so the app opens as soon as an owner approves.
 */
export function PendingApprovalPage() {
  const { t } = useTranslation('auth');
  const { signOut } = useSignOut();
  const user = useAppSelector((state) => state.auth.user);
  const { refetch, isFetching } = useGetAccountQuery(undefined, { pollingInterval: 30_000 });
  const card = user?.cardNumber ? `•••• ${user.cardNumber.slice(-4)}` : '';
  return (
    // Inside the signed-in shell, whose <main> it is in: one main per page.
    <Stack sx={{ minHeight: '60dvh', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Paper sx={{ p: { xs: 3, sm: 4 }, maxWidth: 480, width: '100%' }} data-testid="pending-approval">
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <HourglassTopIcon color="warning" sx={{ fontSize: 48 }} />
          <Typography variant="h5" component="h1">
            {t('pendingApproval.title')}
          </Typography>
          <Typography color="textSecondary">
            {user?.company ? t('pendingApproval.text', { company: user.company.name, card }) : t('pendingApproval.textNoCompany')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ width: '100%', justifyContent: 'center' }}>
            <Button variant="outlined" onClick={() => void refetch()} disabled={isFetching}>
              {t('pendingApproval.checkAgain')}
            </Button>
            <Button variant="contained" onClick={signOut}>
              {t('pendingApproval.signOut')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
